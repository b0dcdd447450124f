import { isRefusal } from "../endpoint.js";
import { npm } from "./npm.js";

describe("npm launch", () => {
  it("runs the pinned package through npx -y with its arguments and environment", () => {
    expect(
      npm({
        registryType: "npm",
        identifier: "@florentine-ai/mcp",
        version: "0.2.1",
        transport: { type: "stdio" },
        runtimeHint: "npx",
        runtimeArguments: [{ type: "named", name: "-y", value: "@florentine-ai/mcp@latest" }],
        packageArguments: [{ type: "named", name: "--mode", value: "static", isRequired: true }],
        environmentVariables: [
          { name: "FLORENTINE_TOKEN", isRequired: true, isSecret: true, description: "API key" },
          { name: "LLM_SERVICE", description: "optional" },
        ],
      }),
    ).toEqual({
      command: "npx",
      args: [["-y"], ["@florentine-ai/mcp@0.2.1"], ["--mode"], ["static"]],
      env: [
        {
          name: "FLORENTINE_TOKEN",
          value: [{ name: "FLORENTINE_TOKEN", description: "API key", secret: true }],
        },
      ],
    });
  });

  it("takes the package unpinned when no version is given", () => {
    expect(npm({ registryType: "npm", identifier: "x-mcp" })).toMatchObject({ args: [["-y"], ["x-mcp"]] });
  });

  it("refuses a package that serves HTTP and must be started by hand", () => {
    const out = npm({
      registryType: "npm",
      identifier: "@agent-infra/mcp-server-commands",
      version: "latest",
      transport: { type: "streamable-http", url: "http://127.0.0.1:{port}/mcp" },
    });
    expect(isRefusal(out) && out.refused).toMatch(
      /serves MCP over streamable-http at http:\/\/127\.0\.0\.1:\{port\}\/mcp/,
    );
  });

  it("refuses a package from another registry", () => {
    const out = npm({ registryType: "npm", identifier: "x", registryBaseUrl: "https://npm.example.com" });
    expect(isRefusal(out) && out.refused).toMatch(/registry https:\/\/npm\.example\.com/);
    expect(
      isRefusal(
        npm({ registryType: "npm", identifier: "x", registryBaseUrl: "https://registry.npmjs.org/" }),
      ),
    ).toBe(false);
  });
});
