import { fail, na, pass, warn, type QualityCheckDefinition } from "../types.js";

export const stability: QualityCheckDefinition = {
  id: "stability",
  weight: 10,
  run: ({ stability: s }) => {
    if (!s) return na("Stability comes from 30 days of scheduled probes; an on-demand check has none.");
    if (s.total === 0) return na("No scheduled probes in the last 30 days.");
    const share = s.successful / s.total;
    const detail = `${s.successful} of ${s.total} scheduled probes in 30 days succeeded (${Math.round(share * 100)}%).`;
    if (share >= 0.99) return pass(detail);
    return share >= 0.9 ? warn(detail) : fail(detail);
  },
};
