import { z } from "zod";

type Issue = z.core.$ZodIssue;

/** The field an issue is about, as the request names it (`filters.class`, or `body` for the root). */
export function fieldOf(issue: { path: readonly PropertyKey[] }): string {
  return issue.path.length === 0 ? "body" : issue.path.map(String).join(".");
}

function bound(issue: Issue & { code: "too_big" | "too_small" }, value: number | bigint): string {
  const n = Number(value);
  switch (issue.origin) {
    case "string":
      return `${n} character${n === 1 ? "" : "s"}`;
    case "array":
    case "set":
      return `${n} item${n === 1 ? "" : "s"}`;
    default:
      return String(n);
  }
}

/** zod's own messages start so; a schema's own message ("must be a comma list of ...") does not. */
const ZOD_MESSAGE = /^(Too small|Too big|Invalid|Unrecognized)/;

/**
 * One issue as a sentence a person reads without knowing zod: "limit must be at most 50",
 * "target must be one of: mcpServers, vscode". A message a schema wrote itself follows the
 * field's name as it is.
 */
export function explainIssue(issue: Issue): string {
  const field = fieldOf(issue);
  if (!ZOD_MESSAGE.test(issue.message)) return `${field} ${issue.message}`;
  switch (issue.code) {
    case "too_big":
      return issue.origin === "string" || issue.origin === "array"
        ? `${field} must be at most ${bound(issue, issue.maximum)} long`
        : `${field} must be at most ${bound(issue, issue.maximum)}`;
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return `${field} must not be empty`;
      return issue.origin === "string" || issue.origin === "array"
        ? `${field} must be at least ${bound(issue, issue.minimum)} long`
        : `${field} must be at least ${bound(issue, issue.minimum)}`;
    case "invalid_type":
      if (/received undefined$/.test(issue.message)) return `${field} is required`;
      return issue.expected === "number" || issue.expected === "int"
        ? `${field} must be a whole number`
        : `${field} must be ${article(issue.expected)}`;
    case "invalid_value":
      return `${field} must be one of: ${issue.values.map(String).join(", ")}`;
    case "invalid_format":
      return `${field} must be a valid ${issue.format}`;
    case "unrecognized_keys":
      return `${field} has unknown field${issue.keys.length === 1 ? "" : "s"}: ${issue.keys.join(", ")}`;
    case "invalid_union":
      return `${field} is not a valid value`;
    default:
      return `${field}: ${issue.message}`;
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/**
 * A whole number from a query string within [min, max]: every way to miss it (not a number, a
 * fraction, out of range) gets the one message that says what is wanted.
 */
export function wholeNumber(min: number, max: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  // An empty parameter (`min_trust=`) is no number: coercion would read it as 0.
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? Number.NaN : value),
    z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }),
  );
}
