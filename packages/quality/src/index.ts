export { assessQuality, judgedProbe, QUALITY_CHECKS } from "./assess.js";
export type { CheckOutcome, QualityCheckDefinition, QualityInput, QualityTool } from "./types.js";
