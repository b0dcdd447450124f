import { matchPath, OPERATIONS, type UsageOperation } from "@catalog/contracts";

/** The operation a request path (as sent, still percent-encoded) is counted under: its declaration's. */
export function operationOf(rawPath: string): UsageOperation {
  return matchPath(OPERATIONS, rawPath)?.usage ?? "other";
}
