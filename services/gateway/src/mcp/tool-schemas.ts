import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import { z } from "zod";

type JsonSchema = Record<string, unknown>;

/** The JSON Schema (2020-12) of a zod schema as tools/list advertises it: always an object root. */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema, ...rest } = z.toJSONSchema(schema, { io, target: "draft-2020-12" });
  return { $schema, type: "object", ...rest };
}

/**
 * Tool arguments for the SDK: the advertised schema, and a validation that hands the raw
 * arguments on. The tool parses them with the zod schema itself, so that bad arguments are
 * answered like REST answers them (isError with the 400 bad_request body); the SDK's own
 * refusal would be a line of text.
 */
export function deferredArguments(schema: z.ZodType): StandardSchemaWithJSON<unknown, unknown> {
  const json = jsonSchemaOf(schema, "input");
  return {
    "~standard": {
      version: 1,
      vendor: "catalog",
      validate: (value) => ({ value }),
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}

/**
 * A tool's result schema for the SDK: advertised as outputSchema, converted once (tools/list is
 * asked for on every connection), and checked with zod before a successful result goes out.
 */
export function resultSchema(schema: z.ZodType): StandardSchemaWithJSON<unknown, unknown> {
  const json = jsonSchemaOf(schema, "output");
  return {
    "~standard": {
      version: 1,
      vendor: "catalog",
      validate: (value) => {
        const parsed = schema.safeParse(value);
        return parsed.success
          ? { value: parsed.data }
          : { issues: parsed.error.issues.map((i) => ({ message: i.message, path: i.path })) };
      },
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}
