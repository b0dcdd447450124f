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
 * A tool's result schema for the SDK: advertised as outputSchema in outline (every client puts
 * tools/list in front of its model; the full bodies are in /openapi.json), converted once, and
 * checked with the full zod schema before a successful result goes out.
 */
export function resultSchema(schema: z.ZodType): StandardSchemaWithJSON<unknown, unknown> {
  const json = outline(jsonSchemaOf(schema, "output"));
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

/** Keywords that say what a value is without describing its insides. */
const LEAF_KEYWORDS = ["type", "enum", "const"];

/**
 * A result schema cut to its first level: each alternative's fields with their type (and enum),
 * which fields are required, and whether others may appear. Every body that validates against
 * the full schema validates against the outline: it only drops constraints.
 */
export function outline(schema: JsonSchema): JsonSchema {
  const { $schema, type, anyOf } = schema;
  const alternatives = Array.isArray(anyOf) ? (anyOf as JsonSchema[]) : [schema];
  return { $schema, type, anyOf: alternatives.map(outlineObject) };
}

function outlineObject(schema: JsonSchema): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const extra = schema.additionalProperties;
  return {
    type: schema.type,
    properties: Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, leaf(value)])),
    ...(schema.required ? { required: schema.required } : {}),
    ...(extra !== undefined
      ? { additionalProperties: typeof extra === "boolean" ? extra : leaf(extra as JsonSchema) }
      : {}),
  };
}

/**
 * A value's type (and enum or const). A union becomes `[type, "null"]` when it is a nullable
 * plain type, else anything: strict validators (ajv's strictTypes) refuse other type lists.
 */
function leaf(schema: JsonSchema): JsonSchema {
  const kept = Object.fromEntries(Object.entries(schema).filter(([key]) => LEAF_KEYWORDS.includes(key)));
  if (Object.keys(kept).length > 0) return kept;
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  const types = [...new Set(union?.map((branch) => branch.type))];
  const plain = union?.every((b) => Object.keys(b).length === 1 && typeof b.type === "string");
  return plain && types.length === 2 && types.includes("null") ? { type: types } : {};
}
