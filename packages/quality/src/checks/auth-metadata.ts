import { unknownNoAnswer } from "@catalog/contracts";
import { fail, na, pass, reached, type QualityCheckDefinition } from "../types.js";

export const authMetadata: QualityCheckDefinition = {
  id: "auth_metadata",
  weight: 5,
  restsOnAnswer: true,
  run: ({ probe }) => {
    if (!probe) return na("The server has no probed remote.");
    // A probe that got no MCP answer saw no authorization at all, so it cannot vouch for none.
    if (!reached(probe)) return na(unknownNoAnswer(probe.outcome));
    if (!probe.auth.required) return na("The remote does not require authorization.");
    if (probe.auth.problems.length) return fail(probe.auth.problems.join(" "));
    return pass("Protected-resource and authorization-server metadata are valid, with PKCE S256.");
  },
};
