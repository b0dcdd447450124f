import { POISONED, type LabelledTool } from "./poisoned.js";

/**
 * The first labelled set's poisoned tools, every file of it: what the learned classifier is
 * trained on and cross-validated over. The second set (second.ts) is held out and never here.
 */
export const FIRST_SET: readonly LabelledTool[] = [...POISONED];
