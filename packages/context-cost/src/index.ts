import { countTokens as countBpe } from "gpt-tokenizer/encoding/o200k_base";

/**
 * What a tool's definition costs in a model's context: tokens of its name, description and
 * input and output schemas as a client sends them (the JSON of those fields), counted with
 * OpenAI's o200k_base encoding (gpt-tokenizer). Other vendors' tokenizers differ by some tens of
 * percent; the figure ranks servers and bounds what an agent loads, it does not bill.
 */
export type ToolForCost = {
  name: string;
  description?: string | null | undefined;
  inputSchema?: unknown;
  outputSchema?: unknown;
};

/**
 * The longest piece counted at once. Byte-pair merging costs the square of a piece's length
 * (100,000 letters without a space: 6 s; as many CJK characters: 33 s), so text is cut into
 * pieces of at most this many characters, at whitespace where there is some. A cut inside a
 * run of letters may split one token in two; a cut before whitespace changes nothing, as the
 * encoder starts a new piece there anyway.
 */
export const MAX_PIECE = 256;

/** Tokens of `text`, linear in its length; special tokens' spellings count as plain text. */
export function countTokens(text: string): number {
  let total = 0;
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + MAX_PIECE);
    if (end < text.length) {
      const space = lastSpace(text, start, end);
      if (space > start) end = space;
      // Never between the two halves of a surrogate pair.
      else if (/[\uD800-\uDBFF]/.test(text[end - 1]!)) end--;
    }
    total += countBpe(text.slice(start, end), { disallowedSpecial: new Set() });
    start = end;
  }
  return total;
}

function lastSpace(text: string, start: number, end: number): number {
  for (let i = end; i > start; i--) if (/\s/.test(text[i]!)) return i;
  return -1;
}

/** The JSON a client sends of a tool's definition (fields in this order, absent ones left out). */
export function toolDefinitionText(tool: ToolForCost): string {
  return JSON.stringify({
    name: tool.name,
    ...(tool.description ? { description: tool.description } : {}),
    ...(tool.inputSchema !== undefined && tool.inputSchema !== null ? { inputSchema: tool.inputSchema } : {}),
    ...(tool.outputSchema !== undefined && tool.outputSchema !== null
      ? { outputSchema: tool.outputSchema }
      : {}),
  });
}

export function toolTokens(tool: ToolForCost): number {
  return countTokens(toolDefinitionText(tool));
}

/** A server's cost: the sum over the tools it lists. */
export function serverTokens(tools: readonly ToolForCost[]): number {
  return tools.reduce((sum, tool) => sum + toolTokens(tool), 0);
}
