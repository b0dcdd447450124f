import type { Request, Response } from "express";
import { z } from "zod";
import { explainIssue, type NextAction } from "@catalog/contracts";
import { sendError } from "./errors.js";
import { failure } from "./outcome.js";

/**
 * Parses a request part with a zod schema. On failure answers 400
 * `{error: "bad_request", issues: {fieldErrors}, next_actions}` and returns undefined.
 */
export function parseOr400<T extends z.ZodType>(
  schema: T,
  value: unknown,
  res: Response,
  nextActions: NextAction[] = [],
): z.output<T> | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const invalid = badRequest(parsed.error, nextActions);
  sendError(res, invalid.status, invalid.error, invalid.details, invalid.nextActions);
  return undefined;
}

/** 400 bad_request with zod's flattened field errors, for REST and for MCP tool arguments. */
export function badRequest(error: z.ZodError, nextActions: NextAction[]) {
  const { fieldErrors } = z.flattenError(error, explainIssue);
  return failure(400, "bad_request", nextActions, { issues: { fieldErrors } });
}

export const parseQuery = <T extends z.ZodType>(
  schema: T,
  req: Request,
  res: Response,
  nextActions: NextAction[] = [],
) => parseOr400(schema, req.query, res, nextActions);
