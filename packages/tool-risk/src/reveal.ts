import type { Text } from "./types.js";

/**
 * A part of a text a reader does not see or would not take for the description: what follows
 * an HTML comment opener (to its `-->`, or to the end when it is never closed), or what follows
 * a run of invisible characters. hidden_instructions reads it again as concealed text.
 */
export type Concealed = { kind: "comment" | "open-comment" | "after-invisible"; text: string };

/**
 * A text as the detectors read it; `decoding` names how it was hidden, when it was; `concealed`
 * (on a field's plain reading) the parts of it a reader does not see.
 */
export type Reading = Text & { decoding?: string; concealed?: Concealed[] };

const TAGS = /[\u{E0000}-\u{E007F}]+/gu;
/**
 * Characters that show nothing: zero-width characters, bidi marks, embeddings, overrides and
 * isolates, the soft hyphen, word joiner and invisible operators, the combining grapheme joiner,
 * Hangul conjoining fillers, Khmer and Mongolian invisible signs, deprecated format controls,
 * variation selectors, interlinear annotation, the byte order mark, invisible musical and
 * shorthand format controls.
 */
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- invisible characters, one by one, are what this looks for
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFE00-\uFE0F\uFEFF\uFFF9-\uFFFB\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0100}-\u{E01EF}]/gu;
/** Fillers shown as a blank: the braille blank and the Hangul fillers. */
const BLANKS = /[\u2800\u3164\uFFA0]/g;

/** What an agent reads, without the characters it does not show: NFKC (fullwidth letters become ASCII). */
export function plain(text: string): string {
  return text.replace(TAGS, " ").replace(INVISIBLE, "").replace(BLANKS, " ").normalize("NFKC");
}

/** Unicode tag characters carry ASCII one for one: U+E0041 is "A". */
export function untag(run: string): string {
  let out = "";
  for (const char of run) out += String.fromCharCode(char.codePointAt(0)! - 0xe0000);
  return out;
}

/** Invisible characters looked at one by one (tags and bidi controls have their own rules). */
const CANDIDATES =
  // eslint-disable-next-line no-misleading-character-class -- invisible characters, one by one, are what this looks for
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u2060-\u2065\u206A-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF9-\uFFFB\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0100}-\u{E01EF}]/gu;
/** Scripts that join letters, where ZWJ and ZWNJ shape words (Persian, Hindi, ...). */
const JOINING =
  /(?=[\p{L}\p{M}])[\p{sc=Arabic}\p{sc=Syriac}\p{sc=Nko}\p{sc=Mongolian}\p{sc=Devanagari}\p{sc=Bengali}\p{sc=Gurmukhi}\p{sc=Gujarati}\p{sc=Oriya}\p{sc=Tamil}\p{sc=Telugu}\p{sc=Kannada}\p{sc=Malayalam}\p{sc=Sinhala}\p{sc=Khmer}\p{sc=Myanmar}\p{sc=Tibetan}]/u;
/** Scripts written without spaces, where a zero-width space marks where a line may break. */
const UNSPACED =
  /(?=[\p{L}\p{M}])[\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\p{sc=Tibetan}\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;
const RTL = /[\p{sc=Hebrew}\p{sc=Arabic}\p{sc=Syriac}\p{sc=Thaana}\p{sc=Nko}]/u;
// eslint-disable-next-line no-misleading-character-class -- emoji parts, one by one
const EMOJI = /[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\uFE0F\u20E3]/u;
const LETTER = /[\p{L}\p{M}]/u;
const BRAILLE = /[\u2801-\u28FF]/;

/** Whether an invisible character has an honest use where it stands, between `before` and `after`. */
function explained(
  char: string,
  before: string,
  after: string,
  text: { rtl: boolean; braille: boolean },
): boolean {
  const code = char.codePointAt(0)!;
  // Soft hyphen: where a long word may break.
  if (code === 0xad) return LETTER.test(before) && LETTER.test(after);
  // Zero-width space: where a line may break in Thai, Khmer or Japanese.
  if (code === 0x200b) return UNSPACED.test(before) && UNSPACED.test(after);
  // Zero-width non-joiner: Persian and Indic words.
  if (code === 0x200c) return JOINING.test(before) && LETTER.test(after);
  // Zero-width joiner: emoji sequences, Indic conjuncts.
  if (code === 0x200d)
    return (EMOJI.test(before) && EMOJI.test(after)) || (JOINING.test(before) && LETTER.test(after));
  // Direction marks in right-to-left text.
  if (code === 0x200e || code === 0x200f || code === 0x61c) return text.rtl;
  // Combining grapheme joiner: before a combining mark.
  if (code === 0x34f) return /\p{M}/u.test(after);
  // Mongolian variation selectors and vowel separator, in Mongolian.
  if (code >= 0x180b && code <= 0x180f) return /(?=\p{L})\p{sc=Mongolian}/u.test(before);
  // Braille blank in braille text.
  if (code === 0x2800) return text.braille;
  // One variation selector after the character it varies (emoji, ideographs, math symbols).
  if ((code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef))
    return before !== "" && !blank(before) && !VARIATION.test(after);
  return false;
}
// eslint-disable-next-line no-misleading-character-class -- as CANDIDATES
const CANDIDATES_ONE = new RegExp(CANDIDATES.source, "u");
const VARIATION = /^[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;

/** The invisible characters of a text with no honest use where they stand. */
export type HiddenCharacters = {
  count: number;
  /** Count per code point (`U+200B`), in the order first seen. */
  codes: Map<string, number>;
  /** The first run of them (start and end in the text). */
  first: { start: number; end: number } | null;
  /** Whether they all sit at the text's start or end (a stray byte order mark, a pasted space). */
  atEdges: boolean;
  /** Whether there is only one, next to an emoji. */
  byEmoji: boolean;
  /** Where the text after the first run at a word boundary starts, with text before it: -1 if none. */
  after: number;
};

const codeOf = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
const charAt = (text: string, i: number) => String.fromCodePoint(text.codePointAt(i)!);
function charBefore(text: string, i: number): string {
  if (i <= 0) return "";
  const low = text.charCodeAt(i - 1);
  return low >= 0xdc00 && low <= 0xdfff && i >= 2 ? text.slice(i - 2, i) : text.slice(i - 1, i);
}

/** Whether a character is white space or invisible. */
const blank = (char: string) => /\s/u.test(char) || CANDIDATES_ONE.test(char) || TAG_ONE.test(char);
const TAG_ONE = /[\u{E0000}-\u{E007F}\u202A-\u202E\u2066-\u2069]/u;

/** Every invisible character of `text` without an honest use where it stands; linear. */
export function hiddenCharacters(text: string): HiddenCharacters {
  const found: HiddenCharacters = {
    count: 0,
    codes: new Map(),
    first: null,
    atEdges: true,
    byEmoji: false,
    after: -1,
  };
  // The text between its leading and trailing white space and invisible characters.
  let lead = 0;
  while (lead < text.length && blank(charAt(text, lead))) lead += charAt(text, lead).length;
  let trail = text.length;
  while (trail > lead && blank(charBefore(text, trail))) trail -= charBefore(text, trail).length;
  const context = { rtl: RTL.test(text), braille: BRAILLE.test(text) };
  let runStart = -1;
  let runEnd = -1;
  let runBefore = "";
  for (const match of text.matchAll(CANDIDATES)) {
    const at = match.index;
    const char = match[0];
    const end = at + char.length;
    const before = charBefore(text, at);
    const after = end < text.length ? charAt(text, end) : "";
    if (explained(char, before, after, context)) continue;
    found.count++;
    const code = codeOf(char);
    found.codes.set(code, (found.codes.get(code) ?? 0) + 1);
    if (at !== runEnd) {
      runStart = at;
      runBefore = before;
    }
    runEnd = end;
    if (!found.first) found.first = { start: at, end };
    else if (found.first.start === runStart) found.first.end = end;
    if (found.count === 1) found.byEmoji = EMOJI.test(before) || EMOJI.test(after);
    if (at >= lead && at < trail) found.atEdges = false;
    // The run ends here: text follows it at a word boundary (not a split inside a word).
    if (found.after < 0 && at > lead && end < trail && !CANDIDATES_ONE.test(after)) {
      const inWord = /[\p{L}\p{N}]/u.test(runBefore) && /[\p{Ll}\p{N}\p{M}]/u.test(after);
      if (!inWord) found.after = end;
    }
  }
  if (found.count === 0) found.atEdges = false;
  return found;
}

type Decoder = { name: string; pattern: RegExp; decode: (match: string) => string | null };

/** Decodings of invisible characters: invisible_content's findings, not encoded_content's. */
export const INVISIBLE_DECODINGS: ReadonlySet<string> = new Set([
  "unicode-tags",
  "bidi-reversed",
  "zero-width-binary",
  "variation-selectors",
]);

const utf8 = new TextDecoder("utf-8", { fatal: true });

function bytesToText(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

const DECODERS: Decoder[] = [
  {
    name: "base64",
    pattern: /[A-Za-z0-9+/_-]{24,}={0,2}/g,
    decode: (match) => {
      try {
        const binary = atob(match.replace(/-/g, "+").replace(/_/g, "/"));
        return bytesToText(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
      } catch {
        return null;
      }
    },
  },
  {
    name: "hex",
    pattern: /(?:[0-9a-fA-F]{2}){12,}/g,
    decode: (match) => bytesToText(Uint8Array.from(match.match(/../g)!, (h) => parseInt(h, 16))),
  },
  {
    name: "percent",
    pattern: /(?:%[0-9A-Fa-f]{2}){6,}/g,
    decode: (match) => {
      try {
        return decodeURIComponent(match);
      } catch {
        return null;
      }
    },
  },
  {
    name: "html-entities",
    pattern: /(?:&#(?:x[0-9a-fA-F]{1,6}|[0-9]{1,7});){4,}/g,
    decode: (match) =>
      match.replace(/&#(x?)([0-9a-fA-F]+);/g, (_, x: string, n: string) => {
        const code = parseInt(n, x ? 16 : 10);
        return code <= 0x10ffff ? String.fromCodePoint(code) : "";
      }),
  },
];

/** Text a reader would take for language: mostly letters and spaces, with a few words. */
function readable(text: string): boolean {
  if (text.length < 12) return false;
  const letters = text.match(/[\p{L}\s.,:;'"!?()/~-]/gu)?.length ?? 0;
  return letters / text.length >= 0.85 && (text.match(/\s+/g)?.length ?? 0) >= 2;
}

/** Zero-width characters that carry bits when a run of them is long enough. */
const BITS = /[\u200B-\u200D\u2060-\u2064\uFEFF\u180E]{16,}/gu;

/** Most characters read from a run of invisible ones: enough for any instruction, and bounded. */
const CARRIED = 1_024;

/** The bytes without a UTF-8 sequence cut off at their end. */
function whole(bytes: Uint8Array): Uint8Array {
  let lead = bytes.length - 1;
  while (lead > 0 && bytes.length - lead < 4 && (bytes[lead]! & 0xc0) === 0x80) lead--;
  const first = bytes[lead] ?? 0;
  const size = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
  return lead >= 0 && bytes.length - lead < size ? bytes.subarray(0, lead) : bytes;
}

/** Code points as bytes of UTF-8, or as UTF-16 code units; null when not text. */
function fromBits(bits: string, width: 8 | 16): string | null {
  if (bits.length % width !== 0) return null;
  const units = bits.match(width === 8 ? /.{8}/g : /.{16}/g)!.map((b) => parseInt(b, 2));
  if (width === 8) return bytesToText(whole(Uint8Array.from(units)));
  return String.fromCharCode(...units.slice(0, 10_000));
}

/**
 * A run of zero-width characters read as bits: two kinds as 0 and 1 (8 or 16 to a character,
 * either way round), three kinds with one as a separator between characters, four kinds as base 4
 * in code point order. The first readable text, or null.
 */
export function unzero(run: string): string | null {
  const chars = [...run.slice(0, CARRIED * 8)];
  const kinds = [...new Set(chars)].sort();
  if (kinds.length === 2) {
    for (const one of kinds) {
      const bits = chars.map((c) => (c === one ? "1" : "0")).join("");
      for (const width of [8, 16] as const) {
        const text = fromBits(bits, width);
        if (text && readable(text)) return text;
      }
    }
  } else if (kinds.length === 3) {
    for (const separator of kinds) {
      const groups = run.split(separator).filter(Boolean);
      if (groups.some((g) => g.length > 21)) continue;
      for (const one of kinds.filter((k) => k !== separator)) {
        const codes = groups.map((g) => parseInt([...g].map((c) => (c === one ? "1" : "0")).join(""), 2));
        if (codes.some((c) => c > 0x10ffff)) continue;
        const text = String.fromCodePoint(...codes);
        if (readable(text)) return text;
      }
    }
  } else if (kinds.length === 4 && chars.length % 4 === 0) {
    const digit = new Map(kinds.map((k, i) => [k, i.toString(2).padStart(2, "0")]));
    const text = fromBits(chars.map((c) => digit.get(c)).join(""), 8);
    if (text && readable(text)) return text;
  }
  return null;
}

/** Variation selectors carry a byte each (VS1-16 are 0-15, VS17-256 are 16-255). */
const SELECTORS = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]{8,}/gu;

function unselect(run: string): string | null {
  const bytes = Uint8Array.from([...run.slice(0, CARRIED * 2)].slice(0, CARRIED), (c) => {
    const code = c.codePointAt(0)!;
    return code <= 0xfe0f ? code - 0xfe00 : code - 0xe0100 + 16;
  });
  const text = bytesToText(whole(bytes));
  return text && readable(text) ? text : null;
}

/** Runs of invisible characters that carry text, with their decoders (read here, flagged by invisible_content). */
export const INVISIBLE_CARRIERS = [
  { name: "zero-width-binary", pattern: BITS, decode: unzero },
  { name: "variation-selectors", pattern: SELECTORS, decode: unselect },
] as const;

/** At most this many comments are read again per field. */
const COMMENTS = 10;

/**
 * The parts of a text a reader does not see: inside HTML comments, after an opener never closed,
 * and after the first run of invisible characters at a word boundary (plain). Linear.
 */
export function concealedParts(text: string): Concealed[] {
  const out: Concealed[] = [];
  let from = 0;
  for (let n = 0; n < COMMENTS; n++) {
    const open = text.indexOf("<!--", from);
    if (open < 0) break;
    // Quoted, the opener is spoken of: "strips `<!--` markers".
    if (open > 0 && "`'\"".includes(text[open - 1]!)) {
      from = open + 4;
      n--;
      continue;
    }
    const close = text.indexOf("-->", open + 4);
    if (close < 0) {
      out.push({ kind: "open-comment", text: plain(text.slice(open + 4)) });
      break;
    }
    out.push({ kind: "comment", text: plain(text.slice(open + 4, close)) });
    from = close + 3;
  }
  const after = hiddenCharacters(text).after;
  if (after >= 0) out.push({ kind: "after-invisible", text: plain(text.slice(after)) });
  return out.filter((c) => /\p{L}/u.test(c.text));
}

/** The plain text of each field, and every readable text hidden in it by tags or an encoding. */
export function readings(texts: readonly Text[]): Reading[] {
  const out: Reading[] = [];
  for (const { field, text } of texts) {
    const visible = plain(text);
    const concealed = concealedParts(text);
    out.push(concealed.length > 0 ? { field, text: visible, concealed } : { field, text: visible });
    for (const run of text.match(TAGS) ?? []) {
      out.push({ field: `${field}#unicode-tags`, text: untag(run), decoding: "unicode-tags" });
    }
    // Right-to-left override (Trojan Source): the text is stored backwards and shown forwards.
    for (const run of text.match(/\u202E[^\u202C]{1,4000}/g) ?? []) {
      out.push({
        field: `${field}#bidi-reversed`,
        text: plain([...run].reverse().join("")),
        decoding: "bidi-reversed",
      });
    }
    for (const { name, pattern, decode } of INVISIBLE_CARRIERS) {
      for (const run of text.match(pattern) ?? []) {
        const decoded = decode(run);
        if (decoded) out.push({ field: `${field}#${name}`, text: plain(decoded), decoding: name });
      }
    }
    for (const { name, pattern, decode } of DECODERS) {
      for (const match of visible.match(pattern) ?? []) {
        const decoded = decode(match);
        if (decoded && readable(decoded))
          out.push({ field: `${field}#${name}`, text: plain(decoded), decoding: name });
      }
    }
  }
  return out;
}
