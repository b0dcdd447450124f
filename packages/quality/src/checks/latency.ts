import { fail, na, pass, warn, type QualityCheckDefinition } from "../types.js";

export const latency: QualityCheckDefinition = {
  id: "latency",
  weight: 5,
  restsOnAnswer: true,
  run: ({ probe }) => {
    const ms = probe?.timings.handshake_ms;
    if (ms == null) return na("No handshake was completed.");
    if (ms < 1000) return pass(`The handshake took ${ms} ms.`);
    return ms < 3000
      ? warn(`The handshake took ${ms} ms (aim for under 1 s).`)
      : fail(`The handshake took ${ms} ms.`);
  },
};
