import { isRefusal } from "../endpoint.js";
import { mcpbBundle } from "./mcpb.js";

describe("MCPB bundle", () => {
  it("is a file to download and verify, not a command", () => {
    expect(
      mcpbBundle(
        {
          registryType: "mcpb",
          identifier: "https://github.com/acme/mcp/releases/download/v1.4.0/server.mcpb",
          fileSha256: "5e4f25e7f21b62974861f055cff90c1aef80d3b8bd1f32e05db744d1cbd67605",
        },
        2,
      ),
    ).toEqual({
      kind: "bundle",
      index: 2,
      url: "https://github.com/acme/mcp/releases/download/v1.4.0/server.mcpb",
      sha256: "5e4f25e7f21b62974861f055cff90c1aef80d3b8bd1f32e05db744d1cbd67605",
    });
  });

  it("refuses what is not an https download", () => {
    const out = mcpbBundle({ registryType: "mcpb", identifier: "http://x.dev/a.mcpb" }, 0);
    expect(isRefusal(out) && out.refused).toMatch(/not an https download URL/);
  });
});
