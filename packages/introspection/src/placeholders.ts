import { isTemplated, type Input } from "@catalog/registry";

/** What a required input with no real value receives; it says what it is to whoever reads it. */
export const PLACEHOLDER_VALUE = "PLACEHOLDER_NOT_A_REAL_VALUE";

/** The values a launch gives its inputs, and which of them are placeholders. */
export type Filled = { values: Map<Input, string>; placeholders: string[] };

/**
 * The value an input is started with: the listing's fixed value, else its default, else a
 * placeholder when it is required (or secret: a secret is never given a real value here). An
 * optional input with neither is left out (undefined). A value holding `{variables}` is a
 * template the user fills in, so it is a placeholder too.
 */
function valueOf(input: Input): { value: string; placeholder: boolean } | undefined {
  const given = input.value ?? (input.isSecret ? undefined : input.default);
  if (given !== undefined && !isTemplated(given)) return { value: given, placeholder: false };
  if (input.isRequired || given !== undefined) return { value: PLACEHOLDER_VALUE, placeholder: true };
  return undefined;
}

/** Fills each input; `label` names one in the placeholder list. */
export function fillInputs(inputs: Input[], label: (input: Input, index: number) => string): Filled {
  const values = new Map<Input, string>();
  const placeholders: string[] = [];
  inputs.forEach((input, index) => {
    const filled = valueOf(input);
    if (!filled) return;
    values.set(input, filled.value);
    if (filled.placeholder) placeholders.push(label(input, index));
  });
  return { values, placeholders };
}
