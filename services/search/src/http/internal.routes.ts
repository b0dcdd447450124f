import type { IncomingMessage, ServerResponse } from "node:http";
import { SearchRequestSchema } from "@catalog/contracts";
import { z } from "zod";
import type { SearchEngine } from "../query/search.engine.js";

type Route = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Largest request body accepted (a query is at most 500 characters). */
const MAX_BODY = 16 * 1024;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error("body too large");
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

/**
 * The search service's internal API, called by the gateway. Until the keyword index is loaded
 * searches answer 503, which the gateway passes on as search_unavailable with a retry hint.
 */
export function internalRoutes(
  engine: SearchEngine,
  describe: () => Record<string, unknown>,
  ready: () => boolean,
  /** Called for a keyword answer of a service that has its model: the query's vector came late. */
  late: () => void = () => undefined,
): Record<string, Route> {
  return {
    "/internal/mode": async (_req, res) =>
      send(res, ready() ? 200 : 503, { mode: engine.mode, ...describe() }),
    "/internal/search": async (req, res) => {
      if (req.method !== "POST") return send(res, 405, { error: "method_not_allowed" });
      if (!ready()) return send(res, 503, { error: "search_unavailable" });
      let body: unknown;
      try {
        body = await readJson(req);
      } catch {
        return send(res, 400, {
          error: "bad_request",
          issues: { fieldErrors: { body: ["malformed JSON"] } },
        });
      }
      const parsed = SearchRequestSchema.safeParse(body);
      if (!parsed.success) {
        return send(res, 400, {
          error: "bad_request",
          issues: { fieldErrors: z.flattenError(parsed.error).fieldErrors },
        });
      }
      const hybrid = engine.mode === "hybrid";
      const answer = await engine.search(parsed.data);
      if (hybrid && answer.mode === "keyword") late();
      send(res, 200, answer);
    },
  };
}
