import type http from "node:http";
import { listen, type TestHttpServer } from "./listen.js";
import { modernMcpHandler } from "./modern-server.js";

export type OAuthServerOptions = {
  /** Whether the 401 names its protected-resource metadata or leaves it to discovery. */
  challenge?: "resource_metadata" | "bare";
  /** The protected-resource metadata: sound, absent, or without authorization servers. */
  resource?: "valid" | "missing" | "no_servers";
  /**
   * The authorization server's metadata: RFC 8414, OpenID discovery only, broken (issuer
   * mismatch, no PKCE, no registration) or absent.
   */
  authorization?: "rfc8414" | "oidc" | "broken" | "missing";
  /**
   * Where the 401 comes: `hard` on every request (the handshake too); `late` only on tools/list,
   * after a 2026-07-28 handshake that answers unauthenticated.
   */
  gate?: "hard" | "late";
  /** How clients register: client ID metadata documents and DCR, or DCR only (no CIMD). */
  registration?: "cimd" | "dcr_only";
};

/**
 * An MCP endpoint behind OAuth with the metadata of the MCP authorization spec: a 401 with a
 * Bearer challenge, RFC 9728 protected-resource metadata and an authorization server (issuer
 * with a path, so path-aware discovery is exercised) on the same loopback origin.
 */
export async function startOAuthServer(
  options: OAuthServerOptions = {},
): Promise<TestHttpServer & { url: string }> {
  const { challenge = "resource_metadata", resource = "valid", authorization = "rfc8414" } = options;
  const { gate = "hard", registration = "cimd" } = options;
  const mcp = gate === "late" ? modernMcpHandler({ name: "gated-weather" }) : null;
  let origin = "";
  const json = (res: http.ServerResponse, body: unknown) =>
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  const http = await listen((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const issuer = `${origin}/auth`;
    // 2026-07-28 requests name their method in a header; only tools/list is gated late.
    if (path === "/mcp" && mcp && req.headers["mcp-method"] !== "tools/list") {
      void mcp(req, res);
      return;
    }
    if (path === "/mcp") {
      const params = [
        challenge === "resource_metadata"
          ? `resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`
          : "",
        'scope="weather.read"',
      ].filter(Boolean);
      res
        .writeHead(401, {
          "www-authenticate": `Bearer ${params.join(", ")}`,
          "content-type": "application/json",
        })
        .end(JSON.stringify({ error: "invalid_token", error_description: "Missing bearer token" }));
      return;
    }
    if (path === "/.well-known/oauth-protected-resource/mcp" && resource !== "missing") {
      json(res, {
        resource: `${origin}/mcp`,
        ...(resource === "valid" ? { authorization_servers: [issuer] } : {}),
        scopes_supported: ["weather.read", "weather.write"],
        bearer_methods_supported: ["header"],
      });
      return;
    }
    const metadata = {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      registration_endpoint: `${issuer}/register`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      ...(registration === "cimd" ? { client_id_metadata_document_supported: true } : {}),
    };
    if (path === "/.well-known/oauth-authorization-server/auth" && authorization === "rfc8414") {
      json(res, metadata);
      return;
    }
    if (path === "/.well-known/openid-configuration/auth" && authorization === "oidc") {
      json(res, { ...metadata, jwks_uri: `${issuer}/jwks`, subject_types_supported: ["public"] });
      return;
    }
    if (path === "/.well-known/oauth-authorization-server/auth" && authorization === "broken") {
      json(res, {
        issuer: "https://elsewhere.example/auth",
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        code_challenge_methods_supported: ["plain"],
      });
      return;
    }
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  origin = http.origin;
  return { ...http, url: `${origin}/mcp` };
}
