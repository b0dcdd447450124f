/** A piece of a shell word: literal text, or `{expand: NAME}` for the shell's `${NAME}`. */
export type ShellPart = string | { expand: string };

const BARE = /^[A-Za-z0-9_@%+=:,./-]+$/;
const UNSAFE_IN_DOUBLE_QUOTES = /["\\$`!]/;

const singleQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * One POSIX shell word. Literal words are left bare when safe, else single-quoted. Words with
 * expansions are double-quoted ("Authorization: Bearer ${TOKEN}"), or, when the literal text
 * holds characters special inside double quotes, built from single-quoted literals and
 * double-quoted expansions side by side.
 */
export function shellWord(parts: readonly ShellPart[]): string {
  if (parts.every((p) => typeof p === "string")) {
    const text = parts.join("");
    return BARE.test(text) ? text : singleQuoted(text);
  }
  const literals = parts.filter((p): p is string => typeof p === "string");
  if (!literals.some((t) => UNSAFE_IN_DOUBLE_QUOTES.test(t))) {
    return `"${parts.map((p) => (typeof p === "string" ? p : `\${${p.expand}}`)).join("")}"`;
  }
  return parts
    .filter((p) => p !== "")
    .map((p) => (typeof p === "string" ? singleQuoted(p) : `"\${${p.expand}}"`))
    .join("");
}
