import { okProbe, sampleTools } from "@catalog/testing/mcp";
import { assessReadiness } from "./assess.js";
import { CHATGPT_RULES } from "./chatgpt.js";

const chatgpt = (input: Parameters<typeof assessReadiness>[0]) =>
  Object.fromEntries(assessReadiness(input)[1]!.requirements.map((r) => [r.id, r]));

describe("ChatGPT directory readiness", () => {
  it("reports every requirement of reference 09b with a source URL", () => {
    const directory = assessReadiness({ probe: okProbe(), tools: sampleTools() })[1]!;
    expect(directory.directory).toBe("chatgpt");
    expect(CHATGPT_RULES).toHaveLength(23);
    expect(directory.requirements.map((r) => r.id)).toEqual(CHATGPT_RULES.map((r) => r.id));
    for (const r of directory.requirements)
      expect(r.source).toMatch(/^https:\/\/developers\.openai\.com\/apps-sdk\//);
  });

  it("passes the machine checks of a healthy public server with honest annotations", () => {
    const r = chatgpt({ probe: okProbe(), tools: sampleTools() });
    for (const id of [
      "public_https_endpoint",
      "tool_names",
      "tool_descriptions",
      "minimal_inputs",
      "restricted_data",
      "reliability",
      "side_effects_explicit",
    ]) {
      expect([id, r[id]!.status]).toEqual([id, "pass"]);
    }
    expect(r.tool_annotations!.status).toBe("warn"); // delete_alert has no openWorldHint
    expect(r.oauth!.status).toBe("na");
  });

  it("does not read a failed probe as a server that needs no authorization", () => {
    const r = chatgpt({ probe: okProbe({ outcome: "dns_error" }), tools: [] });
    expect(r.oauth).toMatchObject({
      status: "na",
      detail: "Not known: the remote did not answer: dns_error.",
    });
    expect(r.public_https_endpoint!.status).toBe("fail");
  });

  it("refuses local and tunnel endpoints", () => {
    expect(
      chatgpt({ probe: okProbe({ final_url: "https://abc.ngrok-free.app/mcp" }), tools: [] })
        .public_https_endpoint!.status,
    ).toBe("fail");
    expect(
      chatgpt({ probe: okProbe({ final_url: "http://127.0.0.1:3000/mcp" }), tools: [] })
        .public_https_endpoint!.status,
    ).toBe("fail");
  });

  it("flags restricted data, context hoarding, mislabelled writes and widgets", () => {
    const tools = [
      {
        name: "send_payment",
        description: "Sends a payment with a card.",
        inputSchema: {
          type: "object",
          properties: { card_number: { type: "string" }, cvv: { type: "string" } },
        },
        annotations: { readOnlyHint: true },
      },
      {
        name: "summarize",
        description: "Summarizes the chat for the user.",
        inputSchema: { type: "object", properties: { chatHistory: { type: "array" } } },
        annotations: { readOnlyHint: true, openWorldHint: false },
        _meta: { "openai/outputTemplate": "ui://widget/summary.html" },
      },
    ];
    const r = chatgpt({ probe: okProbe(), tools });
    expect(r.restricted_data).toMatchObject({
      status: "fail",
      detail: "Parameters that collect restricted data: send_payment.",
    });
    expect(r.minimal_inputs!.status).toBe("warn");
    expect(r.tool_annotations!.status).toBe("fail");
    expect(r.side_effects_explicit!.status).toBe("warn");
    expect(r.widget_csp!.status).toBe("manual");
  });
});
