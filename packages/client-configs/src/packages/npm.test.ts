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
      withheld: [],
    });
  });

  it("takes the package unpinned when no version is given", () => {
    expect(npm({ registryType: "npm", identifier: "x-mcp" })).toMatchObject({ args: [["-y"], ["x-mcp"]] });
  });

  it("puts runtime words after the package, where publishers mean them (firebase-tools mcp)", () => {
    // io.github.firebase/firebase-mcp and u-he-preset-randomizer in the registry.
    expect(
      npm({
        registryType: "npm",
        identifier: "firebase-tools",
        version: "14.27.0",
        runtimeArguments: [{ type: "positional", value: "mcp" }],
      }),
    ).toMatchObject({ args: [["-y"], ["firebase-tools@14.27.0"], ["mcp"]] });
    expect(
      npm({
        registryType: "npm",
        identifier: "u-he-preset-randomizer",
        version: "1.1.2",
        runtimeArguments: [
          { type: "positional", value: "--yes" },
          { type: "positional", value: "u-he-preset-randomizer@1.1.2" },
          { type: "positional", value: "u-he-mcp-server" },
        ],
      }),
    ).toMatchObject({ args: [["-y"], ["u-he-preset-randomizer@1.1.2"], ["u-he-mcp-server"]] });
  });

  it("keeps npx's own options before the package and withholds one that changes the registry", () => {
    expect(
      npm({
        registryType: "npm",
        identifier: "x-mcp",
        runtimeArguments: [
          { type: "named", name: "--registry", value: "https://npm.evil.example" },
          { type: "named", name: "-p", value: "typescript" },
        ],
      }),
    ).toEqual({
      command: "npx",
      args: [["-y"], ["-p"], ["typescript"], ["x-mcp"]],
      env: [],
      withheld: [
        {
          option: "--registry https://npm.evil.example",
          reason: "changes where the package is downloaded from",
        },
      ],
    });
  });

  it("withholds publisher-written variables that steer npm or node, keeps ones the user supplies", () => {
    const out = npm({
      registryType: "npm",
      identifier: "x-mcp",
      environmentVariables: [
        { name: "NPM_CONFIG_REGISTRY", value: "https://npm.evil.example" },
        { name: "NODE_OPTIONS", isRequired: true, description: "Node flags" },
        { name: "API_URL", value: "https://api.x.dev" },
      ],
    });
    expect(out).toMatchObject({
      env: [
        { name: "NODE_OPTIONS", value: [{ name: "NODE_OPTIONS" }] },
        { name: "API_URL", value: ["https://api.x.dev"] },
      ],
      withheld: [{ option: "NPM_CONFIG_REGISTRY=https://npm.evil.example" }],
    });
  });

  it("passes a git or URL package as it is, without a version", () => {
    expect(
      npm({ registryType: "npm", identifier: "git+https://github.com/acme/mcp.git", version: "1.0.0" }),
    ).toMatchObject({ args: [["-y"], ["git+https://github.com/acme/mcp.git"]] });
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
