import { okProbe } from "@catalog/testing/mcp";
import {
  readCheckResult,
  readConnectability,
  readJsonObject,
  readMcpSdk,
  readOwner,
  readProbeAuth,
  readProbeResult,
  readQualityChecks,
  readServerJson,
  readTrustEvidence,
} from "./stored-json.js";

describe("stored JSON", () => {
  it("reads mcp_sdk, and null for a missing or malformed value", () => {
    const sdk = { present: true, package: "@modelcontextprotocol/sdk", version: "1.24.3" };
    expect(readMcpSdk(sdk)).toEqual(sdk);
    expect(readMcpSdk({ present: false, package: null, version: null })).toEqual({
      present: false,
      package: null,
      version: null,
    });
    expect(readMcpSdk(null)).toBeNull();
    expect(readMcpSdk({ present: "yes" })).toBeNull();
  });

  it("reads the connectability a reader uses: the choice and the reason", () => {
    const stored = {
      class: "R0",
      autonomous: true,
      human_steps: [],
      via: { kind: "remote", index: 1, type: "streamable-http", url: "https://mcp.example.com/mcp" },
      reason: "The remote answered without authorization.",
    };
    expect(readConnectability(stored)).toEqual({
      via: { kind: "remote", index: 1, url: "https://mcp.example.com/mcp" },
      reason: "The remote answered without authorization.",
    });
    const pkg = { via: { kind: "package", index: 0, registryType: "npm", identifier: "x" }, reason: "r" };
    expect(readConnectability(pkg).via).toEqual({ kind: "package", index: 0 });
  });

  it("reads connectability that is empty or malformed as no choice and no reason", () => {
    for (const value of [{}, null, "text", [], { via: { kind: "ship", index: -1 }, reason: 3 }]) {
      expect(readConnectability(value)).toEqual({ via: null, reason: null });
    }
  });

  it("reads trust evidence by flag, and none when it cannot be read", () => {
    expect(readTrustEvidence({ flags: { namespace_github: { owner: "o" } }, weights: {} })).toEqual({
      flags: { namespace_github: { owner: "o" } },
    });
    expect(readTrustEvidence({})).toEqual({ flags: {} });
    expect(readTrustEvidence(null)).toEqual({ flags: {} });
    expect(readTrustEvidence({ flags: "x" })).toEqual({ flags: {} });
  });

  it("keeps the quality checks that can be read, in order", () => {
    const ok = { id: "tools_listed", status: "pass", weight: 10, detail: "3 tools." };
    expect(readQualityChecks([ok, { id: "nope" }, ok])).toEqual([ok, ok]);
    expect(readQualityChecks({})).toEqual([]);
    expect(readQualityChecks(null)).toEqual([]);
  });

  it("reads the owner block, and null when malformed", () => {
    const verified = {
      verified: true,
      method: "remote_host",
      evidence: { host: "example.com" },
      verified_at: "2026-11-21T10:00:00.000Z",
    };
    expect(readOwner(verified)).toEqual(verified);
    const unverified = { verified: false, method: null, evidence: null, verified_at: null };
    expect(readOwner(unverified)).toEqual(unverified);
    expect(readOwner({ verified: false, method: null, verified_at: null })).toBeNull();
    expect(readOwner({})).toBeNull();
    expect(readOwner(null)).toBeNull();
  });

  it("reads a probe result that no longer parses as null", () => {
    expect(readProbeResult({ outcome: "ok" })).toBeNull();
    expect(readProbeResult(null)).toBeNull();
  });

  it("reads a probe's OAuth summary without what the API does not show, and null when unreadable", () => {
    const oauth = {
      required: true,
      resource_metadata_url: null,
      resource: null,
      authorization_servers: ["https://auth.example.com"],
      scopes_supported: [],
      pkce_s256: true,
      client_id_metadata_document_supported: false,
      registration_endpoint: null,
      authorization_endpoint: null,
      token_endpoint: null,
    };
    expect(readProbeAuth({ ...oauth, problems: [], issuer: null })).toEqual(oauth);
    expect(readProbeAuth({ required: true })).toBeNull();
    expect(readProbeAuth(null)).toBeNull();
  });

  it("reads a check's result once it is there, and null when it no longer parses", () => {
    const result = {
      probe: okProbe(),
      quality: { score: null, label: "unrated", checks: [], assessed_at: null },
      readiness: [],
    };
    expect(readCheckResult(result)).toEqual(result);
    expect(readCheckResult(null)).toBeNull();
    expect(readCheckResult({ probe: {} })).toBeNull();
  });

  it("reads a server.json as the registry's schema has it, and a bare one when it no longer parses", () => {
    const bare = { name: "io.github.a/x", description: "X", version: "1.0.0" };
    const stored = { ...bare, remotes: [{ type: "streamable-http", url: "https://x.example/mcp" }] };
    expect(readServerJson(stored, bare)).toMatchObject(stored);
    expect(readServerJson({ name: 42 }, bare)).toEqual(bare);
    expect(readServerJson(null, bare)).toEqual(bare);
  });

  it("reads a tool's schemas and annotations as JSON objects, anything else as null", () => {
    expect(readJsonObject({ type: "object", properties: {} })).toEqual({ type: "object", properties: {} });
    expect(readJsonObject([1, 2])).toBeNull();
    expect(readJsonObject("schema")).toBeNull();
    expect(readJsonObject(null)).toBeNull();
  });
});
