import { Ajv2020 } from "ajv/dist/2020.js";
import { Ajv } from "ajv";
import { fail, isObject, na, names, pass, type QualityCheckDefinition } from "../types.js";

const options = { strict: false, logger: false } as const;

/**
 * Meta-schema validators, built once (building one compiles the meta-schemas). They are only
 * asked whether a schema is valid JSON Schema (`validateSchema`), which adds nothing to them,
 * so they never hold a server's schema. Silent: an unknown `format` is legal JSON Schema, and
 * ajv would print a warning for each one of every server assessed.
 */
const meta = { draft7: new Ajv(options), draft2020: new Ajv2020(options) };

/**
 * Compilers for one tool list, made by `compilers()` for each assessment: whatever compiling a
 * server's schemas leaves in an ajv instance (nested `$id`s, which `removeSchema(schema)` does
 * not remove, compiled patterns) never meets another server's schemas, and is garbage once the
 * list is judged. A shared instance kept them all: memory grew with every server, and one
 * server's nested `$id` failed another's valid schema or resolved its dangling `$ref`. Schemas
 * are checked by `meta`, so these skip it, and building one takes about a millisecond.
 */
type Compilers = { draft7?: Ajv; draft2020?: Ajv2020 };
const compileOptions = { ...options, validateSchema: false } as const;
const compilers = (): Compilers => ({});

/** Why a tool's inputSchema is not a usable JSON Schema object, or null when it is. */
function schemaProblem(schema: unknown, fresh: Compilers = compilers()): string | null {
  if (!isObject(schema)) return "not an object";
  if (schema.type !== "object") return 'type is not "object"';
  const dialect = typeof schema.$schema === "string" ? schema.$schema : "";
  const draft7 = /draft-0[467]/.test(dialect);
  const checker = draft7 ? meta.draft7 : meta.draft2020;
  try {
    if (!checker.validateSchema(schema)) {
      return `schema is invalid: ${checker.errorsText(checker.errors)}`.slice(0, 120);
    }
    const ajv = draft7
      ? (fresh.draft7 ??= new Ajv(compileOptions))
      : (fresh.draft2020 ??= new Ajv2020(compileOptions));
    try {
      ajv.compile(schema);
    } finally {
      ajv.removeSchema(); // every schema but the meta-schemas: one tool's $ids never meet the next's
    }
    return null;
  } catch (err) {
    return (err as Error).message.slice(0, 120);
  }
}

export const toolInputSchemas: QualityCheckDefinition = {
  id: "tool_input_schemas",
  weight: 10,
  run: ({ tools }) => {
    if (!tools.length) return na("No tools to assess.");
    const fresh = compilers();
    const broken = tools
      .map((t) => ({ name: t.name, problem: schemaProblem(t.inputSchema, fresh) }))
      .filter((t) => t.problem !== null);
    if (!broken.length) return pass("Every input schema is a valid JSON Schema object.");
    const first = broken[0]!;
    return fail(
      `${broken.length} tool(s) have an invalid input schema: ${names(broken.map((b) => b.name))} (${first.name}: ${first.problem}).`,
    );
  },
};
