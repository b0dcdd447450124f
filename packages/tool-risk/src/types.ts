/** A tool as a server lists it: what an agent reads of it. */
export type ToolInput = {
  name: string;
  title?: string | null | undefined;
  description?: string | null | undefined;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
};

export type Severity = "low" | "medium" | "high";

/** The detectors: the rules, one file each under detectors/, and the learned classifier (learned/). */
export const DETECTORS = [
  "hidden_instructions",
  "cross_tool",
  "invisible_content",
  "encoded_content",
  "exfiltration",
  "annotation_mismatch",
  "learned",
] as const;
export type DetectorId = (typeof DETECTORS)[number];

/** What a detector found: where (the field and the span of its text), by which rule, how bad. */
export type Finding = {
  detector: DetectorId;
  rule: string;
  severity: Severity;
  /** `description`, `title`, `input.<path>.description`, ...; `#<decoding>` when found in decoded text. */
  field: string;
  start: number;
  end: number;
  /** The matched text (at most 160 characters). */
  excerpt: string;
  /** The learned classifier's probability that the tool is poisoned (its findings only). */
  score?: number;
};

/** A piece of text an agent reads: where it sits in the tool's definition, and the text. */
export type Text = { field: string; text: string };
