import { pypi } from "./pypi.js";

describe("PyPI launch", () => {
  it("runs the pinned package through uvx", () => {
    expect(
      pypi({
        registryType: "pypi",
        identifier: "keyphrases-mcp",
        version: "0.0.4",
        runtimeHint: "uvx",
        runtimeArguments: [{ type: "positional", value: "keyphrases-mcp-server" }],
        packageArguments: [{ type: "positional", value: "--stdio" }],
        environmentVariables: [{ name: "OPENAI_API_KEY", isRequired: true, isSecret: true }],
      }),
    ).toEqual({
      command: "uvx",
      args: [["keyphrases-mcp==0.0.4"], ["--stdio"]],
      env: [
        {
          name: "OPENAI_API_KEY",
          value: [{ name: "OPENAI_API_KEY", description: "Value of OPENAI_API_KEY", secret: true }],
        },
      ],
    });
  });

  it("leaves a moving version unpinned, since uvx takes no `==latest`", () => {
    expect(pypi({ registryType: "pypi", identifier: "x-mcp", version: "latest" })).toMatchObject({
      args: [["x-mcp"]],
    });
  });
});
