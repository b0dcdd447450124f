import type { AuthInfo } from "@modelcontextprotocol/server";
import type { Requester } from "../checks/check.service.js";

/**
 * Who is calling: how their checks are counted, and the request id errors quote. `noteBody`
 * hears which kept bodies the call's answer came from, `noteAnswer` the answer's text (the
 * route keeps a call answered from one kept body: kept-calls.ts).
 */
export type Caller = {
  requester: Requester;
  requestId: string;
  noteBody?: (key: string, etag: string) => void;
  noteAnswer?: (text: string) => void;
};

const CALLER_KEY = "catalog/caller";

/**
 * The caller as the SDK's pass-through auth info, the one channel from the HTTP request to the
 * per-request server. The gateway's API-key middleware has authenticated the request before
 * /mcp; the key itself stays there, so there is no token to pass on.
 */
export function authInfoOf(caller: Caller): AuthInfo {
  return { token: "", clientId: caller.requester.id, scopes: [], extra: { [CALLER_KEY]: caller } };
}

export function callerOf(auth: AuthInfo | undefined): Caller {
  const caller = auth?.extra?.[CALLER_KEY];
  if (!caller) throw new Error("MCP request without a caller: /mcp must be served through mcpRoutes");
  return caller as Caller;
}
