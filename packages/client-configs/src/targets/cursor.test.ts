import type { Endpoint } from "../endpoint.js";
import { remoteEndpoint } from "../remote.js";
import { cursor } from "./cursor.js";

const context = { key: "acme", description: "Acme tools" };

function decodeDeeplink(link: string): { name: string | null; config: unknown } {
  const url = new URL(link);
  expect(`${url.protocol}//${url.host}${url.pathname}`).toBe(
    "cursor://anysphere.cursor-deeplink/mcp/install",
  );
  return {
    name: url.searchParams.get("name"),
    config: JSON.parse(Buffer.from(url.searchParams.get("config") ?? "", "base64").toString("utf8")),
  };
}

describe("cursor target", () => {
  it("writes ${env:NAME} placeholders and a deeplink holding the inner server object", () => {
    const endpoint = remoteEndpoint(
      {
        type: "streamable-http",
        url: "https://mcp.acme.dev/mcp",
        headers: [{ name: "Authorization", value: "Bearer {token}", isSecret: true }],
      },
      0,
      "acme",
    ) as Endpoint;
    const out = cursor(endpoint, context);
    const inner = { url: "https://mcp.acme.dev/mcp", headers: { Authorization: "Bearer ${env:TOKEN}" } };
    expect(out).toMatchObject({ config: { mcpServers: { acme: inner } } });
    expect("deeplink" in out && decodeDeeplink(out.deeplink ?? "")).toEqual({ name: "acme", config: inner });
  });

  it("keeps base64's + / = intact in the deeplink", () => {
    const pkg: Endpoint = {
      kind: "package",
      index: 0,
      registryType: "npm",
      identifier: "@acme/mcp",
      command: "npx",
      args: [["-y"], ["@acme/mcp@1.4.0?>>"]],
      env: [],
      withheld: [],
    };
    const out = cursor(pkg, context);
    const link = "deeplink" in out ? (out.deeplink ?? "") : "";
    expect(link).not.toMatch(/config=[^&]*[+/=]/);
    expect(decodeDeeplink(link).config).toEqual({ command: "npx", args: ["-y", "@acme/mcp@1.4.0?>>"] });
  });
});
