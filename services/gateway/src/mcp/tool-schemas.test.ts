import { Ajv2020 } from "ajv/dist/2020.js";
import { MCP_TOOL_SCHEMAS } from "@catalog/contracts";
import { z } from "zod";
import { jsonSchemaOf, outline } from "./tool-schemas.js";

const outlineOf = (schema: z.ZodType) => outline(jsonSchemaOf(schema, "output"));

describe("outline of a result schema", () => {
  const result = z.union([
    z.object({ name: z.string(), title: z.string().nullable(), tools: z.array(z.object({ x: z.number() })) }),
    z.looseObject({ error: z.enum(["a", "b"]) }),
  ]);

  it("keeps each alternative's fields, their types and enums, and what is required", () => {
    expect(outlineOf(result)).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      anyOf: [
        {
          type: "object",
          properties: {
            name: { type: "string" },
            title: { type: ["string", "null"] },
            tools: { type: "array" },
          },
          required: ["name", "title", "tools"],
          additionalProperties: false,
        },
        {
          type: "object",
          properties: { error: { type: "string", enum: ["a", "b"] } },
          required: ["error"],
          additionalProperties: {},
        },
      ],
    });
  });

  it("accepts every body the full schema accepts, for every tool, and is a fraction of its size", () => {
    const ajv = new Ajv2020({ strict: true, strictRequired: false });
    const body = { name: "a/b", title: null, tools: [{ x: 1 }] };
    expect(ajv.validate(outlineOf(result), body)).toBe(true);
    expect(ajv.validate(outlineOf(result), { ...body, title: 3 })).toBe(false);
    for (const [tool, { result: schema }] of Object.entries(MCP_TOOL_SCHEMAS)) {
      const full = JSON.stringify(jsonSchemaOf(schema, "output")).length;
      const cut = JSON.stringify(outlineOf(schema)).length;
      expect([tool, cut < full / 2]).toEqual([tool, true]);
      expect(() => ajv.compile(outlineOf(schema))).not.toThrow();
    }
  });
});
