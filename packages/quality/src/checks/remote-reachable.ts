import { fail, na, pass, reached, type QualityCheckDefinition } from "../types.js";

export const remoteReachable: QualityCheckDefinition = {
  id: "remote_reachable",
  weight: 15,
  run: ({ probe }) => {
    if (!probe) return na("The server has no probed remote.");
    if (reached(probe)) return pass(`The remote answered MCP (${probe.outcome}).`);
    return fail(`The remote did not answer MCP: ${probe.outcome} (${probe.detail})`);
  },
};
