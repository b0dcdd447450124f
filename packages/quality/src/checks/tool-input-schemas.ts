import { Ajv2020 } from "ajv/dist/2020.js";
import { Ajv } from "ajv";
import { fail, isObject, na, names, pass, type QualityCheckDefinition } from "../types.js";

/**
 * Built once (building one compiles the meta-schemas); each schema is removed after compiling.
 * Silent: an unknown `format` is legal JSON Schema, and ajv would print a warning for each one
 * of every server assessed.
 */
const options = { strict: false, logger: false } as const;
const validators = { draft7: new Ajv(options), draft2020: new Ajv2020(options) };

/** Why a tool's inputSchema is not a usable JSON Schema object, or null when it is. */
export function schemaProblem(schema: unknown): string | null {
  if (!isObject(schema)) return "not an object";
  if (schema.type !== "object") return 'type is not "object"';
  const dialect = typeof schema.$schema === "string" ? schema.$schema : "";
  const ajv = /draft-0[467]/.test(dialect) ? validators.draft7 : validators.draft2020;
  try {
    ajv.compile(schema);
    return null;
  } catch (err) {
    return (err as Error).message.slice(0, 120);
  } finally {
    ajv.removeSchema(schema); // the cache would otherwise grow with every server assessed
  }
}

export const toolInputSchemas: QualityCheckDefinition = {
  id: "tool_input_schemas",
  weight: 10,
  run: ({ tools }) => {
    if (!tools.length) return na("No tools to assess.");
    const broken = tools
      .map((t) => ({ name: t.name, problem: schemaProblem(t.inputSchema) }))
      .filter((t) => t.problem !== null);
    if (!broken.length) return pass("Every input schema is a valid JSON Schema object.");
    const first = broken[0]!;
    return fail(
      `${broken.length} tool(s) have an invalid input schema: ${names(broken.map((b) => b.name))} (${first.name}: ${first.problem}).`,
    );
  },
};
