import { parse } from "yaml";
import { isRefusal, type Endpoint } from "../endpoint.js";
import { remoteEndpoint } from "../remote.js";
import { goose } from "./goose.js";

const context = { key: "acme", description: "Acme: tools for: everything" };

describe("goose target", () => {
  it("writes a streamable_http extension", () => {
    const endpoint = remoteEndpoint(
      {
        type: "streamable-http",
        url: "https://mcp.acme.dev/mcp",
        headers: [{ name: "X-Api-Key", isRequired: true, isSecret: true }],
      },
      0,
      "acme",
    ) as Endpoint;
    const out = goose(endpoint, context);
    if (isRefusal(out)) throw new Error(out.refused);
    expect(parse(String(out.config))).toEqual({
      extensions: {
        acme: {
          enabled: true,
          type: "streamable_http",
          name: "acme",
          description: "Acme: tools for: everything",
          uri: "https://mcp.acme.dev/mcp",
          headers: { "X-Api-Key": "<ACME_X_API_KEY>" },
          envs: {},
          env_keys: [],
          timeout: 300,
        },
      },
    });
    expect(out.secrets).toEqual([
      { name: "ACME_X_API_KEY", where: "config", secret: true, description: "Value of X-Api-Key" },
    ]);
  });

  it("writes a stdio extension with fixed envs and secret env_keys", () => {
    const pkg: Endpoint = {
      kind: "package",
      index: 0,
      registryType: "npm",
      identifier: "@acme/mcp",
      command: "npx",
      args: [["-y"], ["@acme/mcp@1.4.0"]],
      env: [
        { name: "ACME_TOKEN", value: [{ name: "ACME_TOKEN", description: "Token", secret: true }] },
        { name: "REGION", value: ["true"] },
      ],
      withheld: [],
    };
    const out = goose(pkg, context);
    if (isRefusal(out)) throw new Error(out.refused);
    expect(parse(String(out.config)).extensions.acme).toMatchObject({
      type: "stdio",
      cmd: "npx",
      args: ["-y", "@acme/mcp@1.4.0"],
      envs: { REGION: "true" },
      env_keys: ["ACME_TOKEN"],
    });
  });

  it("refuses SSE, which Goose no longer supports", () => {
    const sse = remoteEndpoint({ type: "sse", url: "https://mcp.acme.dev/sse" }, 0, "acme") as Endpoint;
    expect(isRefusal(goose(sse, context))).toBe(true);
  });
});
