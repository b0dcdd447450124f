import type { CheckBody } from "@catalog/contracts";
import type { CheckService } from "../checks/check.service.js";
import type { Outcome } from "../http/outcome.js";
import type { Answer, Handlers } from "./handler.js";

/** POST /v1/check and GET /v1/check/{id}, both with `wait` (packages/contracts/src/operations/checks.ts). */
export function checksHandlers(
  checks: CheckService,
  baseUrl: string,
): Pick<Handlers, "checkServer" | "getCheck"> {
  // A check not finished yet is a 202 pointing at itself, never cached.
  const pending = (outcome: Outcome<CheckBody>): Answer<CheckBody> =>
    outcome.ok && outcome.body.status !== "done"
      ? {
          ...outcome,
          status: 202,
          headers: {
            "cache-control": "no-store",
            location: `${baseUrl}/v1/check/${outcome.body.id}`,
            "retry-after": "2",
          },
        }
      : outcome;
  return {
    checkServer: {
      run: async ({ body, query }, { requester }) =>
        pending(await checks.check(body, requester(), query.wait * 1000)),
    },
    getCheck: {
      run: async ({ params, query }) => pending(await checks.lookup(params.id, query.wait * 1000)),
    },
  };
}
