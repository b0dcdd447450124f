import type { TrustFlagDefinition } from "../types.js";

export const deprecated: TrustFlagDefinition = {
  flag: "deprecated",
  weight: -25,
  meaning: "The publisher marked the latest version deprecated in the registry.",
  detect: ({ status }) => (status === "deprecated" ? { status } : null),
};
