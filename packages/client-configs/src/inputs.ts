import type { Input } from "@catalog/registry";
import { envName, fromTemplate, looksSecret, type Placeholder, type Value } from "./value.js";

/** What a user reads about a value they must supply. */
function describe(input: Input, fallback: string): string {
  const text = (input.description ?? "").trim().replace(/\s+/g, " ");
  const parts = [text === "" ? fallback : text];
  if (input.placeholder) parts.push(`(for example ${input.placeholder})`);
  if (input.choices?.length) parts.push(`(one of ${input.choices.join(", ")})`);
  return parts.join(" ");
}

/** `label` is the publisher's own name for the value, which tells a credential by its wording. */
function placeholder(input: Input, name: string, label: string, fallbackDescription: string): Placeholder {
  return {
    name,
    description: describe(input, fallbackDescription),
    secret: input.isSecret === true || looksSecret(label),
  };
}

/**
 * The value a config carries for one input (an environment variable, a header, an argument), or
 * null when the input is optional and unset, so the server's own default applies. One reading
 * for the class, the steps and the config alike (docs/read-api.md "Inputs"):
 * - a fixed value is used as it is; its `{variable}` references are values the user supplies,
 *   whatever `isRequired` says, since a template cannot be sent unfilled (a declared variable
 *   with a default takes it);
 * - a required input takes its default, else a placeholder named `name`;
 * - an optional input without a value is left out, secret or not.
 */
export function inputValue(input: Input, name: string): Value | null {
  if (input.value !== undefined && input.value !== "") {
    return fromTemplate(input.value, (variable) => {
      // A variable without a declaration of its own is described by the input that holds it.
      // The schema keeps a variable a loose object; the rule takes that and an Input for one type.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
      const declared = (input.variables?.[variable] as Input | undefined) ?? {
        description: input.description,
        isSecret: input.isSecret,
      };
      if (declared.default !== undefined && declared.default !== "") return defaultValue(declared.default);
      return placeholder(declared, envName(variable), variable, `Value of {${variable}}`);
    });
  }
  if (!input.isRequired) return null;
  if (input.default !== undefined && input.default !== "") return defaultValue(input.default);
  const label = input.name ?? input.valueHint ?? name;
  return [placeholder(input, name, label, `Value of ${label}`)];
}

const SHELL_VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * A default as the config carries it. A `${HOME}` in it is the user's environment variable (the
 * publisher wrote shell syntax), so it becomes a placeholder of that name: each client then
 * writes it its own way, rather than some expanding it and others passing it on literally.
 */
function defaultValue(text: string): Value {
  return fromTemplate(
    text,
    // One description per name: a placeholder is named once however many defaults use it.
    (name) => ({
      name,
      description: `Your ${name} (the publisher's default refers to $\{${name}})`,
      secret: false,
    }),
    SHELL_VARIABLE,
  );
}

/**
 * Command-line arguments as the registry declares them: a positional argument is its value; a
 * named one is its name followed by its value. An optional named argument with no value is a
 * bare flag (`--rm`) when nothing about it suggests that it takes a value.
 */
export function argumentValues(args: readonly Input[] | undefined): Value[] {
  return argumentGroups(args).flat();
}

/** The same, one group of words per declared argument (`["--port", "8080"]`, `["serve"]`). */
export function argumentGroups(args: readonly Input[] | undefined): Value[][] {
  return (args ?? []).flatMap((arg): Value[][] => {
    if (arg.type === "named") {
      if (!arg.name) return [];
      const value = inputValue(arg, envName(arg.valueHint ?? arg.name));
      if (value) return [[[arg.name], value]];
      return isFlag(arg) ? [[[arg.name]]] : [];
    }
    const value = inputValue(arg, envName(arg.valueHint ?? arg.name ?? "argument"));
    return value ? [[value]] : [];
  });
}

function isFlag(arg: Input): boolean {
  return (
    !arg.isRequired &&
    arg.format === undefined &&
    arg.valueHint === undefined &&
    arg.default === undefined &&
    !arg.choices?.length
  );
}

export type NamedValue = { name: string; value: Value };

/** Environment variables a config sets: those with a value or that the user must supply. */
export function environment(vars: readonly Input[] | undefined): NamedValue[] {
  return (vars ?? []).flatMap((v) => {
    if (!v.name) return [];
    const value = inputValue(v, envName(v.name));
    return value ? [{ name: v.name, value }] : [];
  });
}
