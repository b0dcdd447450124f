import type { TrustFlagDefinition } from "../types.js";
import { toolFindings } from "./tool-findings.js";

export const annotationMismatch: TrustFlagDefinition = {
  flag: "annotation_mismatch",
  weight: -10,
  meaning:
    "A tool's annotations contradict its name (read-only on delete_repository, not destructive on drop_table): clients that skip confirmations on their word are misled.",
  detect: (input) => toolFindings(input, "annotation_mismatch"),
};
