import type { Request, Response } from "express";
import { z } from "zod";
import type { NextAction } from "@catalog/contracts";
import { sendError } from "./errors.js";

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
  const { fieldErrors } = z.flattenError(parsed.error);
  sendError(res, 400, "bad_request", { issues: { fieldErrors } }, nextActions);
  return undefined;
}

export const parseQuery = <T extends z.ZodType>(
  schema: T,
  req: Request,
  res: Response,
  nextActions: NextAction[] = [],
) => parseOr400(schema, req.query, res, nextActions);
