import { execFileSync } from "node:child_process";
import type { Endpoint } from "../endpoint.js";
import { remoteEndpoint } from "../remote.js";
import { claudeCodeCli } from "./claude-code-cli.js";

const context = { key: "acme", description: "Acme tools" };

/** The argv `claude` receives when a real shell runs the line, with TOKEN set. */
function argv(line: string): string[] {
  const out = execFileSync("sh", ["-c", `claude() { printf '%s\\n' "$@"; }; ${line}`], {
    env: { PATH: process.env.PATH, ACME_TOKEN: "tok en" },
    encoding: "utf8",
  });
  return out.trimEnd().split("\n");
}

describe("claude-code-cli target", () => {
  it("adds an HTTP remote with headers after the URL", () => {
    const endpoint = remoteEndpoint(
      {
        type: "streamable-http",
        url: "https://mcp.acme.dev/mcp",
        headers: [{ name: "Authorization", value: "Bearer {acme_token}", isSecret: true }],
      },
      0,
      "acme",
    ) as Endpoint;
    const out = claudeCodeCli(endpoint, context);
    expect(out).toMatchObject({
      contentType: "text/plain",
      config:
        'claude mcp add --transport http acme https://mcp.acme.dev/mcp --header "Authorization: Bearer ${ACME_TOKEN}"',
      secrets: [{ name: "ACME_TOKEN", where: "env" }],
    });
    expect(argv(String("config" in out && out.config))).toEqual([
      "mcp",
      "add",
      "--transport",
      "http",
      "acme",
      "https://mcp.acme.dev/mcp",
      "--header",
      "Authorization: Bearer tok en",
    ]);
  });

  it("adds an SSE remote and a package after --", () => {
    const sse = remoteEndpoint({ type: "sse", url: "https://mcp.acme.dev/sse" }, 0, "acme") as Endpoint;
    expect(claudeCodeCli(sse, context)).toMatchObject({
      config: "claude mcp add --transport sse acme https://mcp.acme.dev/sse",
    });
    const pkg: Endpoint = {
      kind: "package",
      index: 0,
      registryType: "oci",
      identifier: "ghcr.io/acme/mcp:1.4.0",
      command: "docker",
      args: [["run"], ["-i"], ["--rm"], ["-e"], ["ACME_TOKEN"], ["ghcr.io/acme/mcp:1.4.0"]],
      env: [{ name: "ACME_TOKEN", value: [{ name: "ACME_TOKEN", description: "Token", secret: true }] }],
      withheld: [],
    };
    const out = claudeCodeCli(pkg, context);
    // The name comes before --env, which is variadic in Claude Code 2.1 and would swallow it.
    expect(out).toMatchObject({
      config:
        'claude mcp add acme --env "ACME_TOKEN=${ACME_TOKEN}" -- docker run -i --rm -e ACME_TOKEN ghcr.io/acme/mcp:1.4.0',
    });
    expect(argv(String("config" in out && out.config)).slice(0, 6)).toEqual([
      "mcp",
      "add",
      "acme",
      "--env",
      "ACME_TOKEN=tok en",
      "--",
    ]);
  });

  it("gives claude mcp add a name it takes: letters, digits, - and _", () => {
    const sse = remoteEndpoint({ type: "sse", url: "https://mcp.acme.dev/sse" }, 0, "x") as Endpoint;
    expect(claudeCodeCli(sse, { key: "Knapcode.SampleMcpServer", description: "" })).toMatchObject({
      config: "claude mcp add --transport sse Knapcode-SampleMcpServer https://mcp.acme.dev/sse",
    });
  });
});
