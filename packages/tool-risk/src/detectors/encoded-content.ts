import { INVISIBLE_DECODINGS, type Reading } from "../reveal.js";
import { finding } from "../rules.js";
import type { Finding } from "../types.js";

/**
 * Readable text hidden in an encoding (base64, hex, percent-encoding, HTML entities) or in tag
 * characters, which a user skims past and a model may decode. Medium by itself; high when the
 * decoded text is itself a finding of another detector (`escalate`).
 */
export function encodedContent(readings: readonly Reading[], others: readonly Finding[]): Finding[] {
  const found: Finding[] = [];
  for (const reading of readings) {
    // Tag characters, reversed text and other invisible carriers are invisible_content's.
    if (!reading.decoding || INVISIBLE_DECODINGS.has(reading.decoding)) continue;
    const harmful = others.some((f) => f.field === reading.field && f.severity !== "low");
    found.push(
      finding(
        "encoded_content",
        reading.decoding,
        harmful ? "high" : "medium",
        reading,
        0,
        reading.text.length,
      ),
    );
  }
  return found;
}
