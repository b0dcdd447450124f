import { fail, na, pass, unconfirmed, warn, type QualityCheckDefinition } from "../types.js";

export const toolsListed: QualityCheckDefinition = {
  id: "tools_listed",
  weight: 10,
  restsOnAnswer: true,
  run: (input) => {
    const { probe, tools } = input;
    if (probe?.outcome === "auth_required" && tools.length === 0)
      return na("Tools are behind authorization.");
    if (probe?.tools_error && tools.length)
      return warn(`Listed ${tools.length} tool(s), but ${probe.tools_error}`);
    if (tools.length) return pass(`Lists ${tools.length} tool(s).`);
    if (!probe) return na("No remote was probed and no tools are known.");
    if (unconfirmed(input)) return na("The tool list could not be read yet.");
    if (probe.outcome !== "ok") return fail("The tool list could not be read.");
    return fail(probe.tools_error ?? "The server lists no tools.");
  },
};
