import { fail, na, pass, type QualityCheckDefinition } from "../types.js";

export const authMetadata: QualityCheckDefinition = {
  id: "auth_metadata",
  weight: 5,
  run: ({ probe }) => {
    if (!probe || !probe.auth.required) return na("The remote does not require authorization.");
    if (probe.auth.problems.length) return fail(probe.auth.problems.join(" "));
    return pass("Protected-resource and authorization-server metadata are valid, with PKCE S256.");
  },
};
