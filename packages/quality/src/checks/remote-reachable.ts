import { fail, na, pass, reached, unconfirmed, type QualityCheckDefinition } from "../types.js";

export const remoteReachable: QualityCheckDefinition = {
  id: "remote_reachable",
  weight: 15,
  restsOnAnswer: true,
  run: (input) => {
    const { probe } = input;
    if (!probe) return na("The server has no probed remote.");
    if (reached(probe)) return pass(`The remote answered MCP (${probe.outcome}).`);
    if (unconfirmed(input)) return na("The remote has not answered a probe yet.");
    return fail(`The remote did not answer MCP: ${probe.outcome} (${probe.detail})`);
  },
};
