import type { Text } from "./types.js";

/** A text as the detectors read it; `decoding` names how it was hidden, when it was. */
export type Reading = Text & { decoding?: string };

const TAGS = /[\u{E0000}-\u{E007F}]+/gu;
/** Zero-width characters, bidi embeddings, overrides and isolates, the soft hyphen, word joiner. */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** What an agent reads, without the characters it does not show: NFKC (fullwidth letters become ASCII). */
export function plain(text: string): string {
  return text.replace(TAGS, " ").replace(INVISIBLE, "").normalize("NFKC");
}

/** Unicode tag characters carry ASCII one for one: U+E0041 is "A". */
export function untag(run: string): string {
  let out = "";
  for (const char of run) out += String.fromCharCode(char.codePointAt(0)! - 0xe0000);
  return out;
}

type Decoder = { name: string; pattern: RegExp; decode: (match: string) => string | null };

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
export function readable(text: string): boolean {
  if (text.length < 12) return false;
  const letters = text.match(/[\p{L}\s.,:;'"!?()/~-]/gu)?.length ?? 0;
  return letters / text.length >= 0.85 && (text.match(/\s+/g)?.length ?? 0) >= 2;
}

/** The plain text of each field, and every readable text hidden in it by tags or an encoding. */
export function readings(texts: readonly Text[]): Reading[] {
  const out: Reading[] = [];
  for (const { field, text } of texts) {
    const visible = plain(text);
    out.push({ field, text: visible });
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
