import type { Request } from "express";
import { limitSubject } from "./client-address.js";
import type { LimitsService, Verdict } from "./limits.service.js";

const verdicts = new WeakMap<Request, Verdict>();

/**
 * The anonymous limiter's verdict on a request, asked of Redis once whoever asks first (the
 * fast lane, then the access layer when the request goes on to the routes): one round trip,
 * one point spent.
 */
export async function anonymousVerdict(limits: LimitsService, req: Request): Promise<Verdict> {
  let verdict = verdicts.get(req);
  if (!verdict) {
    verdict = await limits.consumeAnonymous(limitSubject(req.ip));
    verdicts.set(req, verdict);
  }
  return verdict;
}
