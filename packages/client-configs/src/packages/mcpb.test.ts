import { isRefusal } from "../endpoint.js";
import { bundlePlatform, mcpbBundle } from "./mcpb.js";

const bundle = (file: string, fileSha256 = "ab") => ({
  registryType: "mcpb",
  identifier: `https://github.com/acme/mcp/releases/download/v1.4.0/${file}`,
  fileSha256,
});

describe("MCPB bundle", () => {
  it("is a file to download and verify, not a command", () => {
    expect(mcpbBundle([{ registryType: "npm", identifier: "x" }, bundle("server.mcpb", "5e4f")], 1)).toEqual({
      kind: "bundle",
      index: 1,
      files: [
        {
          url: "https://github.com/acme/mcp/releases/download/v1.4.0/server.mcpb",
          sha256: "5e4f",
          platform: null,
        },
      ],
    });
  });

  it("offers every platform's file, the chosen one first, not only the first listed", () => {
    // The five files of io.github.cloudquery/mcp in the registry.
    const files = ["darwin_arm64", "darwin_amd64", "linux_arm64", "linux_amd64", "windows_amd64"].map((p) =>
      bundle(`cq-platform-mcp_1.6.9_${p}.mcpb`),
    );
    const out = mcpbBundle(files, 3);
    expect(!isRefusal(out) && out.files.map((f) => f.platform)).toEqual([
      "linux-x64",
      "macos-arm64",
      "macos-x64",
      "linux-arm64",
      "windows-x64",
    ]);
  });

  it("reads the platform from the file name", () => {
    expect(bundlePlatform("https://x.dev/agent-payment-router-darwin-arm64")).toBe("macos-arm64");
    expect(bundlePlatform("https://x.dev/code-index-mcp-linux-amd64.mcpb")).toBe("linux-x64");
    expect(bundlePlatform("https://x.dev/app-windows-amd64.exe")).toBe("windows-x64");
    expect(bundlePlatform("https://x.dev/postman-mcp-server-minimal.mcpb")).toBeNull();
  });

  it("refuses what is not an https download", () => {
    const out = mcpbBundle([{ registryType: "mcpb", identifier: "http://x.dev/a.mcpb" }], 0);
    expect(isRefusal(out) && out.refused).toMatch(/not an https download URL/);
  });
});
