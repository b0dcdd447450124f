import { isLiteral, markerText, render, type Value } from "../value.js";

/** One option of a launcher's command line (`--port 8080`, `--rm`), or a plain word (name null). */
export type Option = { name: string | null; value: string | undefined; words: Value[] };

/** The text of a value when it holds no user-supplied part. */
export const literalOf = (value: Value | undefined): string | undefined =>
  value && isLiteral(value) ? render(value, () => "") : undefined;

/** How an option reads in a human step: user-supplied parts as `<NAME>`. */
export const optionText = (option: Option): string => option.words.map(markerText).join(" ");

/**
 * Groups a launcher's arguments (one group per declared argument) into options. A declared named
 * argument with a value is one option; a word that spells an option (`-p`, `--env=A`) is one, and
 * takes the next plain word as its value when the launcher's option expects one, since
 * publishers often declare `-p` and `8080:8080` as two positional arguments.
 */
export function parseOptions(groups: readonly Value[][], takesValue: ReadonlySet<string>): Option[] {
  const options: Option[] = [];
  for (let i = 0; i < groups.length; i++) {
    const words = groups[i] ?? [];
    const first = literalOf(words[0]);
    if (first === undefined || !first.startsWith("-")) {
      options.push({ name: null, value: first, words });
      continue;
    }
    if (words.length > 1) {
      options.push({ name: first, value: literalOf(words[1]), words });
      continue;
    }
    const eq = first.indexOf("=");
    if (eq > 0) {
      options.push({ name: first.slice(0, eq), value: first.slice(eq + 1), words });
      continue;
    }
    const next = groups[i + 1];
    const nextWord = next?.length === 1 ? next[0] : undefined;
    if (takesValue.has(first) && nextWord && !literalOf(nextWord)?.startsWith("-")) {
      options.push({ name: first, value: literalOf(nextWord), words: [...words, nextWord] });
      i++;
      continue;
    }
    options.push({ name: first, value: undefined, words });
  }
  return options;
}
