import { pypi } from "./pypi.js";

describe("PyPI launch", () => {
  it("starts the entry point the publisher names, from the pinned package", () => {
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
      args: [["--from"], ["keyphrases-mcp==0.0.4"], ["keyphrases-mcp-server"], ["--stdio"]],
      env: [
        {
          name: "OPENAI_API_KEY",
          value: [{ name: "OPENAI_API_KEY", description: "Value of OPENAI_API_KEY", secret: true }],
        },
      ],
      withheld: [],
    });
  });

  it("leaves a moving version unpinned, since uvx takes no `==latest`", () => {
    expect(pypi({ registryType: "pypi", identifier: "x-mcp", version: "latest" })).toMatchObject({
      args: [["x-mcp"]],
    });
  });

  it("puts the server's subcommand after the package (haiku-rag serve --mcp)", () => {
    expect(
      pypi({
        registryType: "pypi",
        identifier: "haiku-rag",
        version: "0.20.2",
        runtimeArguments: [
          { type: "positional", value: "serve" },
          { type: "named", name: "--mcp" },
        ],
      }),
    ).toMatchObject({ args: [["haiku-rag==0.20.2"], ["serve"], ["--mcp"]] });
  });

  it("runs `-m module` as python -m from the package, and honours the publisher's own --from", () => {
    expect(
      pypi({
        registryType: "pypi",
        identifier: "mcp-dice-roller",
        version: "1.0.0",
        runtimeArguments: [
          { type: "positional", value: "-m" },
          { type: "positional", value: "mcp_dice_roller" },
        ],
      }),
    ).toMatchObject({
      args: [["--from"], ["mcp-dice-roller==1.0.0"], ["python"], ["-m"], ["mcp_dice_roller"]],
    });
    expect(
      pypi({
        registryType: "pypi",
        identifier: "mcp-learning",
        version: "0.2.0",
        runtimeArguments: [
          { type: "named", name: "--from", value: "mcp-learning" },
          { type: "positional", value: "mcp-server" },
        ],
      }),
    ).toMatchObject({ args: [["--from"], ["mcp-learning==0.2.0"], ["mcp-server"]] });
  });

  it("installs a git source with --from and no ==version, which uvx refuses", () => {
    expect(
      pypi({
        registryType: "pypi",
        identifier: "git+https://github.com/microagents/mcp-weather-free.git",
        version: "1.0.0",
      }),
    ).toMatchObject({
      args: [["--from"], ["git+https://github.com/microagents/mcp-weather-free.git"], ["mcp-weather-free"]],
    });
  });

  it("keeps options of the server after the package, where uvx does not read them", () => {
    expect(
      pypi({
        registryType: "pypi",
        identifier: "mcp-windbg",
        runtimeArguments: [
          { type: "named", name: "--transport", value: "streamable-http" },
          { type: "named", name: "--python", value: "3.12" },
        ],
      }),
    ).toMatchObject({ args: [["--python"], ["3.12"], ["mcp-windbg"], ["--transport"], ["streamable-http"]] });
  });
});
