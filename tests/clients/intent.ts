import type { Connection, Placeholder, RemoteEndpoint, Value } from "@catalog/client-configs";

/**
 * Compares what a client parsed with what the generator intended (the connection's endpoint).
 * Literal text must be equal; a placeholder may stand in any of the forms the client keeps it
 * in (`${NAME}`, `<NAME>`, ...) or as the value an expansion put in (`value-of-NAME`).
 */
export type Form = (p: Placeholder) => string;

type NamedValue = RemoteEndpoint["headers"][number];

/** The recognisable value each user-supplied variable gets where a shell or client expands it. */
const valueOf = (name: string): string => `value-of-${name}`;

/** The value an expansion puts in, from the environment the client ran with. */
export const expandedIn =
  (env: Readonly<Record<string, string>>): Form =>
  (p) =>
    env[p.name] ?? `\0${p.name} is not set\0`;
export const braced: Form = (p) => `\${${p.name}}`;
/** The generator's "replace by hand" marker (secrets supplied `where: "config"`). */
export const marker: Form = (p) => `<${p.name}>`;

/** The environment that gives every variable the config reads from the environment its value. */
export function secretValues(connection: Connection): Record<string, string> {
  return Object.fromEntries(envSecrets(connection).map((name) => [name, valueOf(name)]));
}

/** Names of the variables the user is told to set in the environment. */
export function envSecrets(connection: Connection): string[] {
  return connection.secrets.filter((s) => s.where === "env").map((s) => s.name);
}

/** The intent as a reader sees it: placeholders as `{NAME}`. */
function show(value: Value): string {
  return value.map((p) => (typeof p === "string" ? p : `{${p.name}}`)).join("");
}

/** Values joined into one, as clients print an argument list. */
export function joined(values: readonly Value[], separator = " "): Value {
  return values.flatMap((v, i) => (i === 0 ? v : [separator, ...v]));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function sameValue(actual: unknown, value: Value, forms: readonly Form[]): boolean {
  if (typeof actual !== "string") return false;
  const pattern = value
    .map((p) => (typeof p === "string" ? escape(p) : `(?:${forms.map((f) => escape(f(p))).join("|")})`))
    .join("");
  return new RegExp(`^${pattern}$`).test(actual);
}

/** Collects the differences between a client's view and the intent, one sentence each. */
export class Differences {
  readonly problems: string[] = [];

  constructor(private readonly forms: readonly Form[]) {}

  equal(field: string, actual: unknown, expected: unknown): void {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      this.problems.push(`${field} is ${JSON.stringify(actual)}, intended ${JSON.stringify(expected)}`);
    }
  }

  value(field: string, actual: unknown, expected: Value): void {
    if (!sameValue(actual, expected, this.forms)) {
      this.problems.push(`${field} is ${JSON.stringify(actual)}, intended ${JSON.stringify(show(expected))}`);
    }
  }

  list(field: string, actual: unknown, expected: readonly Value[]): void {
    const items: unknown[] = Array.isArray(actual) ? actual : actual == null ? [] : [actual];
    if (items.length !== expected.length) {
      this.problems.push(
        `${field} is ${JSON.stringify(actual)}, intended ${JSON.stringify(expected.map(show))}`,
      );
      return;
    }
    expected.forEach((value, i) => this.value(`${field}[${i}]`, items[i], value));
  }

  /** A name-to-value map (env, headers) against the intended entries, in any order. */
  named(field: string, actual: unknown, expected: readonly NamedValue[]): void {
    const map = (actual ?? {}) as Record<string, unknown>;
    const names = Object.keys(map).sort();
    const intended = expected.map((e) => e.name).sort();
    if (JSON.stringify(names) !== JSON.stringify(intended)) {
      this.problems.push(`${field} names are ${JSON.stringify(names)}, intended ${JSON.stringify(intended)}`);
      return;
    }
    for (const e of expected) this.value(`${field}.${e.name}`, map[e.name], e.value);
  }

  /**
   * Named values each either written in the config or taken whole from the environment variable
   * `variableFor(name)` (Codex env_vars and env_http_headers, Goose env_keys): only a value the
   * user supplies may come from the environment.
   */
  namedOrFromEnvironment(
    field: string,
    written: Record<string, unknown>,
    expected: readonly NamedValue[],
    variableFor: (name: string) => string | undefined,
  ): void {
    for (const name of new Set([...Object.keys(written), ...expected.map((e) => e.name)])) {
      const value = expected.find((e) => e.name === name)?.value;
      const variable = variableFor(name);
      if (!value) this.add(`${field}.${name} is not intended`);
      else if (name in written) this.value(`${field}.${name}`, written[name], value);
      else if (!variable) this.add(`${field}.${name} is missing`);
      else if (value.every((p) => typeof p === "string")) {
        this.add(`${field}.${name} is the fixed ${JSON.stringify(show(value))}, yet read from ${variable}`);
      }
    }
  }

  add(problem: string): void {
    this.problems.push(problem);
  }
}
