export { assessReadiness } from "./assess.js";
export { CHATGPT_RULES } from "./chatgpt.js";
export { CLAUDE_RULES } from "./claude.js";
export type { ReadinessInput, ReadinessTool, Rule } from "./types.js";
