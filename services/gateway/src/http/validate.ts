import { z } from "zod";
import { explainIssue, type NextAction } from "@catalog/contracts";
import { failure } from "./outcome.js";

/** 400 bad_request with zod's flattened field errors, for REST and for MCP tool arguments. */
export function badRequest(error: z.ZodError, nextActions: NextAction[]) {
  const { fieldErrors } = z.flattenError(error, explainIssue);
  return failure(400, "bad_request", nextActions, { issues: { fieldErrors } });
}
