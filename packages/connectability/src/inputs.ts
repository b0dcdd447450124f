import type { Input } from "@catalog/registry";

/** An input the user must supply: required, with neither a fixed value nor a default. */
export function needsUserValue(input: Input): boolean {
  if (!input.isRequired && !input.isSecret) return false;
  if (input.default !== undefined && input.default !== "") return false;
  return input.value === undefined || /\{[^}]+\}/.test(input.value);
}

export function describe(input: Input, fallback: string): string {
  const text = (input.description ?? "").trim().replace(/\s+/g, " ");
  if (text === "") return fallback;
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** Template variables of a URL, `{tenant}` style. */
export function urlVariables(url: string): string[] {
  return [...url.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? "");
}

export function hostOf(url: string): string {
  try {
    return new URL(url.replace(/\{[^}]+\}/g, "x")).host;
  } catch {
    return url;
  }
}
