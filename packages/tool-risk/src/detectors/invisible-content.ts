import { finding } from "../rules.js";
import { untag } from "../reveal.js";
import type { Finding, Text } from "../types.js";

const TAGS = /[\u{E0000}-\u{E007F}]+/u;
/** Bidi embeddings, overrides and isolates (the marks U+200E/U+200F of right-to-left text are fine). */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
/** Zero-width characters inside a word: text split so that filters miss it. */
const ZERO_WIDTH_IN_WORD = /[A-Za-z0-9][\u200B-\u200D\u2060\uFEFF\u00AD]+(?=[A-Za-z0-9])/g;
/** Terminal escapes (Trail of Bits: ANSI codes hide text from a terminal user). */
// eslint-disable-next-line no-control-regex -- terminal escapes are what this looks for
const ANSI = /\u001B\[[0-9;?]{0,20}[A-Za-z]|\u001B\]/;
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001A\u001C-\u001F\u007F]/;

/**
 * Characters the user does not see but the model reads (Embrace The Red's ASCII smuggling,
 * Trail of Bits' ANSI escapes): tag characters, bidi controls, zero-width characters splitting
 * words, terminal escapes and other control characters. Runs on the raw text.
 */
export function invisibleContent(texts: readonly Text[]): Finding[] {
  const found: Finding[] = [];
  for (const reading of texts) {
    const { text } = reading;
    const tags = TAGS.exec(text);
    if (tags) {
      const hidden = untag(tags[0]);
      found.push({
        ...finding(
          "invisible_content",
          "unicode_tags",
          "high",
          reading,
          tags.index,
          tags.index + tags[0].length,
        ),
        excerpt: hidden.slice(0, 160),
      });
    }
    const bidi = BIDI.exec(text);
    if (bidi)
      found.push(finding("invisible_content", "bidi_control", "medium", reading, bidi.index, bidi.index + 1));
    const splits = text.match(ZERO_WIDTH_IN_WORD)?.length ?? 0;
    if (splits >= 3) {
      const at = text.search(/[\u200B-\u200D\u2060\uFEFF\u00AD]/);
      found.push(finding("invisible_content", "zero_width_in_words", "medium", reading, at, at + 1));
    }
    const ansi = ANSI.exec(text);
    if (ansi)
      found.push(
        finding(
          "invisible_content",
          "terminal_escape",
          "high",
          reading,
          ansi.index,
          ansi.index + ansi[0].length,
        ),
      );
    else {
      const control = CONTROL.exec(text);
      if (control)
        found.push(
          finding("invisible_content", "control_character", "low", reading, control.index, control.index + 1),
        );
    }
  }
  return found;
}
