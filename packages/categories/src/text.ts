/** What a server is classified from: its own text and its tools. */
export type CategoryInput = {
  name: string;
  title: string | null;
  description: string;
  tools: readonly { name: string; description: string }[];
};

/** Tools beyond this many add little meaning and only slow the model down. */
const MAX_TOOLS = 25;
const MAX_TOOL_DESCRIPTION = 160;

/** Identifiers read as words: `weather-mcp_server` reads "weather mcp server". */
const words = (identifier: string): string => identifier.replace(/[-_./]+/g, " ").trim();

/** The server's own words: its name (after the namespace), title and description. */
export function serverText({ name, title, description }: CategoryInput): string {
  const short = words(name.slice(name.indexOf("/") + 1));
  return [title && title.toLowerCase() !== short.toLowerCase() ? title : null, short, description]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(". ");
}

/** The tools' words: names and the start of each description, the first MAX_TOOLS by name. */
export function toolText({ tools }: CategoryInput): string {
  return [...tools]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, MAX_TOOLS)
    .map((t) => `${words(t.name)}: ${t.description.slice(0, MAX_TOOL_DESCRIPTION)}`)
    .join("; ");
}

/** Words every listing uses: they say nothing of what a server does and pull all toward "developer tools". */
const BOILERPLATE = /\b(?:mcp|model context protocol|servers?)\b/gi;

/** The text that is embedded: the server's words, then its tools', without the boilerplate. */
export function embeddingText(input: CategoryInput): string {
  const tools = toolText(input);
  const text = tools ? `${serverText(input)}. Tools: ${tools}` : serverText(input);
  return text.replace(BOILERPLATE, " ").replace(/\s+/g, " ").trim();
}
