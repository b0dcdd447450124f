import type { TrustFlagDefinition } from "../types.js";
import { toolFindings } from "./tool-findings.js";

export const toolPoisoning: TrustFlagDefinition = {
  flag: "tool_poisoning",
  weight: -40,
  meaning:
    "A tool's definition holds text addressed to the model: orders to hide things from the user, to move secrets or the conversation out, or to change what other tools do. The learned classifier's score alone is shown beside such a finding and never raises the flag; with a rule's own evidence (another tool named, the model addressed, instructions deferred to a result) it does (docs/tool-risk.md).",
  detect: (input) => toolFindings(input, "tool_poisoning"),
};
