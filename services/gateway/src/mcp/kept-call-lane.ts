import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { requestIdOf } from "../http/request-id.js";
import type { Lane, LaneContext } from "../read-cache/fast-lane.js";
import { answerText, callSignature } from "./kept-calls.js";
import { MCP_MAX_BODY_BYTES } from "./mcp-endpoint.js";

/**
 * The fast lane's MCP part: an anonymous `tools/call` answered before from a kept body (the
 * route remembers it: routes/mcp.routes.ts) is answered again with this request's id. The body
 * is read here; a request passed on keeps it parsed as `req.body`, which the route's JSON
 * parser then leaves as it is (body-parser skips a body already read), or without one when it
 * is not JSON (the route answers the parse error).
 */
export function keptCallLane({ reads, admit, answered }: LaneContext): Lane {
  return (req, res, fallback) => {
    if (req.method !== "POST" || req.url !== "/mcp" || !plainJsonRpc(req.headers)) return false;
    const started = performance.now();
    readJson(req).then((body) => {
      if (body !== undefined) (req as IncomingMessage & { body?: unknown }).body = body;
      const call = body === undefined ? undefined : callSignature(req.headers, body);
      if (!call || !reads.derived(call.signature)) return fallback();
      admit(req, fallback, () => {
        const kept = reads.derived(call.signature);
        if (!kept) return false;
        const text = Buffer.from(answerText(kept.text, call.id));
        const id = requestIdOf(req.headers["x-request-id"]);
        res.writeHead(200, [...kept.headers, "content-length", String(text.length), "x-request-id", id]);
        res.end(text);
        answered("/mcp", req, res, started);
        return true;
      });
    }, fallback);
    return true;
  };
}

/**
 * A body of known, acceptable length in JSON, from a client that takes JSON and event streams
 * (what the route's negotiation admits, in its plainest form; anything else takes the route).
 */
function plainJsonRpc(headers: IncomingHttpHeaders): boolean {
  const length = Number(headers["content-length"]);
  if (!(length > 0 && length <= MCP_MAX_BODY_BYTES) || headers["transfer-encoding"] !== undefined)
    return false;
  if (!/^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(headers["content-type"] ?? "")) return false;
  const accepted = (headers.accept ?? "").split(",").map((t) => t.trim().toLowerCase());
  return accepted.includes("application/json") && accepted.includes("text/event-stream");
}

/** The body parsed as the route's parser would (an object or an array), else undefined. */
function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("error", reject);
    req.once("end", () => {
      try {
        const value: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        resolve(typeof value === "object" && value !== null ? value : undefined);
      } catch {
        resolve(undefined);
      }
    });
  });
}
