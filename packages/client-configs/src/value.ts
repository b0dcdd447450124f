/** A value the user supplies: named once, referenced wherever a config needs it. */
export type Placeholder = { name: string; description: string; secret: boolean };

/** Literal text, or a value the user supplies. */
export type Part = string | Placeholder;

/** A config value: literal text with user-supplied values inside it ("Bearer " + TOKEN). */
export type Value = readonly Part[];

const TEMPLATE = /\{([A-Za-z_][A-Za-z0-9_.-]*)\}/g;

/**
 * Splits `text` at its `{variable}` references (or those `pattern` finds, its first group the
 * name), each resolved to a placeholder or fixed text, or to a value of several parts.
 */
export function fromTemplate(
  text: string,
  resolve: (variable: string) => Part | Value,
  pattern: RegExp = TEMPLATE,
): Value {
  const parts: Part[] = [];
  const push = (part: Part) => {
    const last = parts.length - 1;
    if (typeof part === "string" && typeof parts[last] === "string") parts[last] += part;
    else parts.push(part);
  };
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) push(text.slice(at, match.index));
    const resolved = resolve(match[1] ?? "");
    for (const part of Array.isArray(resolved) ? resolved : [resolved]) push(part as Part);
    at = match.index + match[0].length;
  }
  if (at < text.length || parts.length === 0) push(text.slice(at));
  return parts;
}

export function placeholdersOf(value: Value): Placeholder[] {
  return value.filter((p): p is Placeholder => typeof p !== "string");
}

export function isLiteral(value: Value): boolean {
  return value.every((p) => typeof p === "string");
}

/** The placeholder when the value is nothing else. */
export function solePlaceholder(value: Value): Placeholder | undefined {
  const [only, ...rest] = value;
  return rest.length === 0 && only !== undefined && typeof only !== "string" ? only : undefined;
}

/** The text of a value, each placeholder written the way the target reads it. */
export function render(value: Value, ref: (p: Placeholder) => string): string {
  return value.map((p) => (typeof p === "string" ? p : ref(p))).join("");
}

/** A value as a person reads it in a step: user-supplied parts as `<NAME>`. */
export function markerText(value: Value): string {
  return render(value, (p) => `<${p.name}>`);
}

/** An environment-variable style name: `x-api-key` becomes `X_API_KEY`. */
export function envName(text: string): string {
  const name = text
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase();
  if (name === "") return "VALUE";
  return /^[0-9]/.test(name) ? `V_${name}` : name;
}

/** Names that carry credentials even when the publisher did not mark them secret. */
export function looksSecret(name: string): boolean {
  return /auth|key|token|secret|passw|credential/i.test(name);
}
