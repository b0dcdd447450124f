import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import ajvFormats from "ajv-formats";
import type { ListedTool, ToolCallResult } from "./mcp-clients.js";

/**
 * Validators of the output schemas a server declares in tools/list, compiled by ajv in strict
 * JSON Schema 2020-12 mode, independent of the SDKs' own checks.
 */
export function outputValidators(tools: ListedTool[]): Map<string, ValidateFunction> {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
  // A CommonJS module: under NodeNext its default import is the whole module.
  ajvFormats.default(ajv);
  return new Map(tools.map((t) => [t.name, ajv.compile(t.outputSchema ?? {})]));
}

/** Why a result breaks the tool contract (declared schema, one text block with the same JSON), or null. */
export function contractViolation(
  validators: Map<string, ValidateFunction>,
  tool: string,
  result: ToolCallResult,
): string | null {
  const validate = validators.get(tool);
  if (!validate) return `${tool} is not listed`;
  if (!validate(result.structuredContent)) return JSON.stringify(validate.errors?.slice(0, 5));
  if (result.content.length !== 1 || result.content[0]?.type !== "text") return "not one text block";
  const text: unknown = JSON.parse(result.content[0].text ?? "null");
  return JSON.stringify(text) === JSON.stringify(result.structuredContent)
    ? null
    : "the text block differs from structuredContent";
}
