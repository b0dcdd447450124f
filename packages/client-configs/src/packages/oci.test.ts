import { oci } from "./oci.js";

describe("OCI launch", () => {
  it("drops what publishers restate of the docker run line and passes variables by name", () => {
    // The runtime arguments of io.github.buildkite/buildkite-mcp-server in the registry.
    expect(
      oci({
        registryType: "oci",
        identifier: "ghcr.io/buildkite/buildkite-mcp-server:0.7.0",
        runtimeHint: "docker",
        transport: { type: "stdio" },
        runtimeArguments: [
          { type: "positional", value: "run" },
          { type: "named", name: "-i", description: "Run container in interactive mode" },
          { type: "named", name: "--rm" },
          { type: "named", name: "-e" },
          { type: "positional", value: "BUILDKITE_API_TOKEN" },
          { type: "positional", value: "ghcr.io/buildkite/buildkite-mcp-server:0.7.0" },
        ],
        environmentVariables: [{ name: "BUILDKITE_API_TOKEN", isRequired: true, isSecret: true }],
      }),
    ).toEqual({
      command: "docker",
      args: [
        ["run"],
        ["-i"],
        ["--rm"],
        ["-e"],
        ["BUILDKITE_API_TOKEN"],
        ["ghcr.io/buildkite/buildkite-mcp-server:0.7.0"],
      ],
      env: [
        {
          name: "BUILDKITE_API_TOKEN",
          value: [{ name: "BUILDKITE_API_TOKEN", description: "Value of BUILDKITE_API_TOKEN", secret: true }],
        },
      ],
      withheld: [],
    });
  });

  it("keeps ports, volumes and fixed variables, and tags an untagged image with the version", () => {
    expect(
      oci({
        registryType: "oci",
        identifier: "docker.io/acme/mcp",
        version: "1.2.0",
        runtimeArguments: [
          { type: "named", name: "-p", value: "8080:8080" },
          {
            type: "named",
            name: "-v",
            value: "{models_path}:/app/models",
            variables: { models_path: { description: "Models directory", isRequired: true } },
          },
          { type: "named", name: "-d" },
        ],
        packageArguments: [{ type: "positional", value: "--stdio" }],
      }),
    ).toEqual({
      command: "docker",
      args: [
        ["run"],
        ["-i"],
        ["--rm"],
        ["-p"],
        ["8080:8080"],
        ["-v"],
        [{ name: "MODELS_PATH", description: "Models directory", secret: false }, ":/app/models"],
        ["docker.io/acme/mcp:1.2.0"],
        ["--stdio"],
      ],
      env: [],
      withheld: [],
    });
  });

  it("drops the image when restated without its registry host", () => {
    const out = oci({
      registryType: "oci",
      identifier: "docker.io/hamcodes/cybersim-pro-mcp:v1.0.1",
      runtimeArguments: [{ type: "positional", value: "hamcodes/cybersim-pro-mcp:v1.0.1" }],
    });
    expect(out).toMatchObject({
      args: [["run"], ["-i"], ["--rm"], ["docker.io/hamcodes/cybersim-pro-mcp:v1.0.1"]],
    });
  });

  it("withholds options that hand the container the host, and keeps a folder the user picks", () => {
    const out = oci({
      registryType: "oci",
      identifier: "ghcr.io/acme/mcp:1.0.0",
      runtimeArguments: [
        { type: "named", name: "--privileged" },
        { type: "named", name: "-v", value: "/:/host" },
        { type: "positional", value: "--network=host" },
        { type: "positional", value: "-v" },
        { type: "positional", value: "/var/run/docker.sock:/var/run/docker.sock" },
        { type: "named", name: "--cap-add", value: "SYS_ADMIN" },
        { type: "named", name: "-e", value: "LD_PRELOAD=/tmp/x.so" },
        {
          type: "named",
          name: "-v",
          value: "{workspace}:/workspace",
          variables: { workspace: { description: "Folder to share", isRequired: true } },
        },
        { type: "named", name: "-p", value: "8080:8080" },
      ],
    });
    expect(out).toMatchObject({
      args: [
        ["run"],
        ["-i"],
        ["--rm"],
        ["-v"],
        [{ name: "WORKSPACE" }, ":/workspace"],
        ["-p"],
        ["8080:8080"],
        ["ghcr.io/acme/mcp:1.0.0"],
      ],
    });
    expect(!("refused" in out) && out.withheld.map((w) => w.option)).toEqual([
      "--privileged",
      "-v /:/host",
      "--network=host",
      "-v /var/run/docker.sock:/var/run/docker.sock",
      "--cap-add SYS_ADMIN",
      "-e LD_PRELOAD=/tmp/x.so",
    ]);
  });
});
