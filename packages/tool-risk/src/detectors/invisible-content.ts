import { finding } from "../rules.js";
import { hiddenCharacters, INVISIBLE_CARRIERS, untag } from "../reveal.js";
import type { Finding, Text } from "../types.js";

/** Tag characters, but not the few that spell a subdivision flag after 🏴 (England: 🏴 g b e n g, cancel tag). */
const TAGS =
  /(?<![\u{1F3F4}\u{E0000}-\u{E007F}])[\u{E0000}-\u{E007F}]+|\u{1F3F4}(?![\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{2,6}\u{E007F}(?![\u{E0000}-\u{E007F}]))[\u{E0000}-\u{E007F}]+/u;
/** Bidi embeddings, overrides and isolates (the marks U+200E/U+200F of right-to-left text are fine). */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
/** Zero-width characters inside a word: text split so that filters miss it. */
const ZERO_WIDTH_IN_WORD = /[A-Za-z0-9][\u200B-\u200D\u2060\uFEFF\u00AD]+(?=[A-Za-z0-9])/g;
/** Invisible characters past which a run is deliberate, not a stray one pasted in. */
const MANY = 8;
/** Terminal escapes (Trail of Bits: ANSI codes hide text from a terminal user). */
// eslint-disable-next-line no-control-regex -- terminal escapes are what this looks for
const ANSI = /\u001B\[[0-9;?]{0,20}[A-Za-z]|\u001B\]/;
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001A\u001C-\u001F\u007F]/;

/**
 * Characters the user does not see but the model reads (Embrace The Red's ASCII smuggling,
 * Trail of Bits' ANSI escapes): tag characters, bidi controls, zero-width and other invisible
 * characters (bits carried in them decoded), terminal escapes and other control characters.
 * Runs on the raw text.
 */
export function invisibleContent(texts: readonly Text[]): Finding[] {
  const found: Finding[] = [];
  for (const reading of texts) {
    const { text } = reading;
    const tags = TAGS.exec(text);
    if (tags) {
      if (tags[0].startsWith("\u{1F3F4}")) {
        tags[0] = tags[0].slice(2);
        tags.index += 2;
      }
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
    found.push(...zeroWidth(reading));
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

const describe = (codes: Map<string, number>) =>
  [...codes].map(([code, n]) => (n > 1 ? `${n} × ${code}` : code)).join(", ");

/**
 * Invisible characters with no honest use where they stand (a zero-width joiner inside an emoji,
 * a direction mark in Hebrew, a soft hyphen inside a word have one). Text carried in a run of
 * them is `zero_width_binary` or `variation_selectors`, high, its excerpt the decoded text.
 * Otherwise one finding per field: `zero_width_in_words` when they split three words or more,
 * else `invisible_characters`. Its span is the first run and its excerpt the count, the code
 * points and the text around the run. Low for one or two at the text's edges (a byte order mark
 * pasted in) or one beside an emoji, high for many, medium otherwise.
 */
function zeroWidth(reading: Text): Finding[] {
  const { text } = reading;
  for (const { name, pattern, decode } of INVISIBLE_CARRIERS) {
    const rule = name.replaceAll("-", "_");
    for (const match of text.matchAll(pattern)) {
      const decoded = decode(match[0]);
      if (decoded)
        return [
          {
            ...finding(
              "invisible_content",
              rule,
              "high",
              reading,
              match.index,
              match.index + match[0].length,
            ),
            excerpt: decoded.slice(0, 160),
          },
        ];
    }
  }
  const hidden = hiddenCharacters(text);
  if (!hidden.first) return [];
  const { start, end } = hidden.first;
  const splits = text.match(ZERO_WIDTH_IN_WORD)?.length ?? 0;
  const severity =
    hidden.count >= MANY
      ? "high"
      : (hidden.atEdges && hidden.count <= 2) || (hidden.count === 1 && hidden.byEmoji)
        ? "low"
        : "medium";
  const shown = (s: string) => s.replace(/\s+/g, " ");
  const context = `${shown(text.slice(Math.max(0, start - 40), start))}⟦…⟧${shown(text.slice(end, end + 60))}`;
  const excerpt = `${hidden.count} invisible (${describe(hidden.codes)}) at ${start}-${end}: ${context}`;
  return [
    {
      ...finding(
        "invisible_content",
        splits >= 3 ? "zero_width_in_words" : "invisible_characters",
        splits >= 3 && severity === "low" ? "medium" : severity,
        reading,
        start,
        end,
      ),
      excerpt: excerpt.slice(0, 160),
    },
  ];
}
