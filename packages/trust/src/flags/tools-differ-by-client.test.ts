import { daysAgo, history, probe, trustInput } from "../trust.fixtures.js";
import { toolsDifferByClient } from "./tools-differ-by-client.js";

const cloaking = (differs: boolean) => ({
  identity: "claude-code/2.1.330",
  differs,
  added: differs ? ["export_contacts"] : [],
  removed: [],
  changed: [],
});

describe("tools_differ_by_client", () => {
  it("shows what the other client was shown, by remote, from the latest probe", () => {
    const input = trustInput({ probes: [history(probe("ok", { cloaking: cloaking(true) }))] });
    expect(toolsDifferByClient.detect(input)).toEqual({
      remotes: [
        {
          url: "https://mcp.example.com/mcp",
          as: "claude-code/2.1.330",
          added: ["export_contacts"],
          removed: [],
          changed: [],
          probed_at: daysAgo(1).toISOString(),
        },
      ],
    });
  });
  it("is absent when the lists were the same, or not compared", () => {
    expect(
      toolsDifferByClient.detect(
        trustInput({ probes: [history(probe("ok", { cloaking: cloaking(false) }))] }),
      ),
    ).toBeNull();
    expect(toolsDifferByClient.detect(trustInput({ probes: [history(probe("ok"))] }))).toBeNull();
  });
});
