import { nuget } from "./nuget.js";

describe("NuGet launch", () => {
  it("runs the package through dnx --yes, package arguments after --", () => {
    expect(
      nuget({
        registryType: "nuget",
        registryBaseUrl: "https://api.nuget.org/v3/index.json",
        identifier: "Knapcode.SampleMcpServer",
        version: "0.7.0-beta",
        packageArguments: [
          { type: "positional", value: "mcp" },
          { type: "positional", value: "start" },
        ],
        environmentVariables: [
          {
            name: "WEATHER_CHOICES",
            value: "{weather_choices}",
            variables: { weather_choices: { description: "Comma separated list", isRequired: true } },
          },
        ],
      }),
    ).toEqual({
      command: "dnx",
      args: [["Knapcode.SampleMcpServer@0.7.0-beta"], ["--yes"], ["--"], ["mcp"], ["start"]],
      env: [
        {
          name: "WEATHER_CHOICES",
          value: [{ name: "WEATHER_CHOICES", description: "Comma separated list", secret: false }],
        },
      ],
      withheld: [],
    });
  });

  it("has no -- without package arguments", () => {
    expect(
      nuget({ registryType: "nuget", identifier: "Sherlock.MCP.Server", version: "2.3.0" }),
    ).toMatchObject({
      args: [["Sherlock.MCP.Server@2.3.0"], ["--yes"]],
    });
  });
});
