import type { TrustFlagDefinition } from "../types.js";
import { toolFindings } from "./tool-findings.js";

export const hiddenContent: TrustFlagDefinition = {
  flag: "hidden_content",
  weight: -30,
  meaning:
    "A tool's definition hides text from the user: Unicode tag characters, bidi controls, zero-width characters inside words, terminal escapes, or readable text in base64, hex or another encoding.",
  detect: (input) => toolFindings(input, "hidden_content"),
};
