import { UNREACHABLE_AFTER } from "@catalog/contracts";
import { fail, na, pass, warn, type QualityCheckDefinition } from "../types.js";

/**
 * Failures each 30-day window forgives, wherever they fall. Fewer failures than make a remote
 * unreachable are no evidence of downtime: without this, a single failed probe in 30 daily ones
 * (97%) turned a pass into a warning for a month, and failed a remote probed twice (50%).
 */
const FORGIVEN_FAILURES = UNREACHABLE_AFTER - 1;

export const stability: QualityCheckDefinition = {
  id: "stability",
  weight: 10,
  run: ({ stability: s }) => {
    if (!s) return na("Stability comes from 30 days of scheduled probes; an on-demand check has none.");
    if (s.total === 0) return na("No scheduled probes in the last 30 days.");
    const forgiven = Math.min(s.total - s.successful, FORGIVEN_FAILURES);
    const share = (s.successful + forgiven) / s.total;
    const percent = `${Math.round(share * 100)}%`;
    const detail = `${s.successful} of ${s.total} scheduled probes in 30 days succeeded (${forgiven ? `${percent} with ${forgiven} failure forgiven` : percent}).`;
    if (share >= 0.99) return pass(detail);
    return share >= 0.9 ? warn(detail) : fail(detail);
  },
};
