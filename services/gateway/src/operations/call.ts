import type { HandledOperationId, OperationOf } from "@catalog/contracts";
import { success, type Outcome } from "../http/outcome.js";
import type { Body, CallContext, Handlers, Input } from "./handler.js";

/** Hears the key and ETag of the kept body an answer came from (an MCP answer is kept with it). */
export type BodyListener = (key: string, etag: string) => void;

/**
 * An operation called from inside the gateway (an MCP tool): the same handler, the same read
 * cache, the body itself rather than its bytes.
 */
export async function callOperation<Id extends HandledOperationId>(
  handlers: Handlers,
  id: Id,
  input: Input<OperationOf<Id>>,
  context: CallContext,
  onBody?: BodyListener,
): Promise<Outcome<Body<OperationOf<Id>>>> {
  const handler = handlers[id] as unknown as {
    run: (input: Input<OperationOf<Id>>, context: CallContext) => ReturnType<Handlers[Id]["run"]>;
  };
  const answer = await handler.run(input, context);
  if (!answer.ok) return answer;
  if ("kept" in answer) {
    onBody?.(answer.key, answer.kept.etag);
    return success(JSON.parse(answer.kept.bytes.toString("utf8")));
  }
  return success("json" in answer ? JSON.parse(answer.json) : answer.body);
}
