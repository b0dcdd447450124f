import { daysAgo, history, probe, trustInput } from "../trust.fixtures.js";
import { deprecatedTransport } from "./deprecated-transport.js";

const sse = (url = "https://mcp.example.com/sse") => history(probe("ok", { url, transport: "sse" }));

describe("deprecated_transport", () => {
  it("is present when every live remote answers only over HTTP+SSE, with the probe as evidence", () => {
    expect(deprecatedTransport.detect(trustInput({ probes: [sse()] }))).toEqual({
      remotes: [
        {
          url: "https://mcp.example.com/sse",
          outcome: "ok",
          probed_at: daysAgo(1).toISOString(),
          transport: "sse",
          streamable_http: "did not answer MCP",
        },
      ],
    });
  });
  it("counts a gated SSE remote too", () => {
    const gated = history(probe("auth_required", { transport: "sse" }));
    expect(deprecatedTransport.detect(trustInput({ probes: [gated] }))).not.toBeNull();
  });
  it("is absent when a remote answers over streamable HTTP, or none answers", () => {
    const modern = history(probe("ok", { transport: "streamable-http" }));
    expect(deprecatedTransport.detect(trustInput({ probes: [sse(), modern] }))).toBeNull();
    const down = history(probe("timeout", { transport: null }), { failures: 2 });
    expect(deprecatedTransport.detect(trustInput({ probes: [down] }))).toBeNull();
    expect(deprecatedTransport.detect(trustInput())).toBeNull();
  });
});
