import type { IncomingMessage } from "node:http";
import { limitSubject } from "./client-address.js";
import type { LimitsService, Verdict } from "./limits.service.js";

const verdicts = new WeakMap<IncomingMessage, Verdict>();

/**
 * The anonymous limiter's verdict on a request from `address`, asked of Redis once whoever asks
 * first (the fast lane, then the access layer when the request goes on to the routes): one
 * round trip, one point spent.
 */
export async function anonymousVerdict(
  limits: LimitsService,
  req: IncomingMessage,
  address: string | undefined,
): Promise<Verdict> {
  let verdict = verdicts.get(req);
  if (!verdict) {
    verdict = await limits.consumeAnonymous(limitSubject(address));
    verdicts.set(req, verdict);
  }
  return verdict;
}
