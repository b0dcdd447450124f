import { nextAction, type ConnectionTarget, type NextAction } from "@catalog/contracts";

/** The words a search for servers like this one starts from: its description, else its name. */
function searchTerms(server: { name: string; title?: string | null; description?: string }): string {
  const text = (server.description ?? "").trim() || server.title?.trim() || nameWords(server.name);
  if (text.length <= 200) return text;
  const cut = text.slice(0, 200);
  return cut.slice(0, cut.lastIndexOf(" ") > 100 ? cut.lastIndexOf(" ") : 200);
}

function nameWords(name: string): string {
  return (
    name
      .split(/[^A-Za-z0-9]+/)
      .filter((w) => w.length > 1 && !["io", "com", "github"].includes(w))
      .join(" ") || "mcp server"
  );
}

export const searchInstead = (server: {
  name: string;
  title?: string | null;
  description?: string;
}): NextAction => nextAction("search", { q: searchTerms(server) });

export const getServer = (name: string): NextAction => nextAction("get_server", { name });

export const getConnection = (name: string, target: ConnectionTarget): NextAction =>
  nextAction("get_connection", { name, target });

export const listTools = (name: string, cursor?: string): NextAction =>
  nextAction("list_tools", cursor ? { name, cursor } : { name });

export const checkServer = (url: string): NextAction => nextAction("check_server", { url });
