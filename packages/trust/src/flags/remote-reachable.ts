import { live, sighting, standings, type TrustFlagDefinition } from "../types.js";

export const remoteReachable: TrustFlagDefinition = {
  flag: "remote_reachable",
  weight: 10,
  meaning:
    "A remote answered MCP (or an OAuth challenge) and has not failed 2 scheduled probes in a row since: the server is live.",
  detect: (input) => {
    const found = standings(input).find(live);
    if (!found) return null;
    // A failure that does not count yet is still shown: the score rests on an older answer.
    return found.state === "holding"
      ? { ...sighting(found.observed), latest_failure: sighting(found.latest) }
      : sighting(found.observed);
  },
};
