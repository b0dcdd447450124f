import { isStopWord, stem, words } from "./analyze.js";
import { idf } from "./fields.js";

/**
 * Words that say nothing about which product a server connects to: they are in half the
 * catalog's names ("mcp-server", "ai.smithery", "-api"), so they neither make nor break a match.
 */
const GENERIC = new Set([
  "mcp",
  "mcps",
  "server",
  "servers",
  "serv",
  "api",
  "apis",
  "official",
  "ai",
  "io",
  "com",
  "org",
  "net",
  "dev",
  "app",
  "apps",
  "client",
  "tool",
  "tools",
  "toolkit",
  "integration",
  "integrations",
  "connector",
  "plugin",
  "service",
  "services",
  "model",
  "context",
  "protocol",
  "remote",
  "local",
  "lite",
  "simple",
  "unofficial",
  "v1",
  "v2",
  "v3",
  "ts",
  "py",
  "python",
  "node",
  "js",
  "go",
  "rs",
]);

/** Namespaces of code hosts: their next label is a user, not a product. */
const CODE_HOSTS = ["io.github.", "com.github.", "io.gitlab.", "com.gitlab.", "io.bitbucket."];

/**
 * Other spellings of product names, as people type them: each becomes the words of its
 * canonical form, in names and in queries alike.
 */
const ALIASES: Record<string, readonly string[]> = {
  postgresql: ["postgres"],
  pg: ["postgres"],
  psql: ["postgres"],
  k8s: ["kubernetes"],
  kube: ["kubernetes"],
  gdrive: ["google", "drive"],
  gcal: ["google", "calendar"],
  gcp: ["google", "cloud"],
  gsheets: ["google", "sheets"],
  mongo: ["mongodb"],
  gh: ["github"],
  msteams: ["teams"],
  o365: ["office365"],
  yt: ["youtube"],
  hf: ["huggingface"],
  elastic: ["elasticsearch"],
  sfdc: ["salesforce"],
};

/** A name's words as matching uses them: aliases resolved, generic and stop words dropped, stemmed. */
export function nameWords(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    for (const w of ALIASES[word] ?? [word]) {
      if (GENERIC.has(w) || isStopWord(w)) continue;
      const s = stem(w);
      if (!out.includes(s)) out.push(s);
    }
  }
  return out;
}

/**
 * A server name's parts: the organisation of its namespace (for a code host, the account, which
 * names the product only when the segment says nothing: `io.github.perplexityai/mcp-server`) and
 * its name segment.
 */
export function nameParts(serverName: string): { organisation: string; segment: string; account: string } {
  const slash = serverName.indexOf("/");
  const namespace = slash < 0 ? "" : serverName.slice(0, slash);
  const segment = slash < 0 ? serverName : serverName.slice(slash + 1);
  const codeHost = CODE_HOSTS.some((h) => namespace.startsWith(h));
  const labels = namespace.split(".");
  return {
    organisation: codeHost ? "" : (labels[1] ?? ""),
    segment,
    account: codeHost ? labels.slice(2).join(" ") : "",
  };
}

/** The text of a server document's name field: its name segment and its organisation. */
export function serverNameText(serverName: string): string {
  const { organisation, segment } = nameParts(serverName);
  return `${segment} ${organisation}`.trim();
}

export type NameMatch = {
  server: string;
  /**
   * 0..1: the share of the query's name words (weighted by how rare each is among server
   * names) that the server's name covers, 1 when one of its names is exactly the query's.
   */
  strength: number;
};

type Named = { sets: string[][]; all: Set<string> };

/**
 * Servers named in a query. A server's names are its name segment, its title and, when the
 * segment is generic (`com.stripe/mcp`), its organisation. It matches when one of its names is
 * within the query (`github` in "github issues") or, for a short query, when the query is within
 * its names (`slack` in `smithery-ai-slack`).
 */
export class NameIndex {
  private readonly servers = new Map<string, Named>();
  private readonly byWord = new Map<string, Set<string>>();

  set(server: string, title: string | null): void {
    this.remove(server);
    const { organisation, segment, account } = nameParts(server);
    const short = nameWords(segment);
    const org = nameWords(short.length === 0 && organisation === "" ? account : organisation);
    const sets = [short, nameWords(title ?? ""), short.length === 0 ? org : []].filter((s) => s.length > 0);
    const all = new Set([...short, ...org, ...sets.flat()]);
    if (all.size === 0) return;
    this.servers.set(server, { sets, all });
    this.sorted = undefined;
    for (const w of all) {
      let names = this.byWord.get(w);
      if (!names) this.byWord.set(w, (names = new Set()));
      names.add(server);
    }
  }

  remove(server: string): void {
    const named = this.servers.get(server);
    if (!named) return;
    this.servers.delete(server);
    this.sorted = undefined;
    for (const w of named.all) {
      const names = this.byWord.get(w);
      names?.delete(server);
      if (names?.size === 0) this.byWord.delete(w);
    }
  }

  /** Servers the query names, strongest first (ties by name). */
  match(query: string, maxQueryWords = 3): NameMatch[] {
    const q = nameWords(query);
    if (q.length === 0) return [];
    // A query word also stands for the longer name words it begins ("perplexity" in
    // "perplexityai"), and a short query's words run together for one name word ("bright data").
    const stands = new Map(q.map((w) => [w, this.extensions(w)]));
    const joined = q.length > 1 && q.length <= maxQueryWords ? q.join("") : undefined;
    const weightOf = (names: Set<string>) => idf(this.servers.size, names.size);
    const weight = new Map(q.map((w) => [w, weightOf(this.serversOf(stands.get(w)!))]));
    const total = [...weight.values()].reduce((a, b) => a + b, 0);
    const candidates = new Set([...stands.values()].flatMap((words) => [...this.serversOf(words)]));
    for (const s of joined ? (this.byWord.get(joined) ?? []) : []) candidates.add(s);
    const out: NameMatch[] = [];
    for (const server of candidates) {
      const named = this.servers.get(server)!;
      const covers = (w: string, nameWord: string) => stands.get(w)!.has(nameWord);
      let strength = 0;
      for (const set of named.sets) {
        if (joined && set.length === 1 && set[0] === joined) strength = 1;
        const found = set.map((n) => q.find((w) => covers(w, n)));
        if (found.some((w) => w === undefined)) continue;
        const used = new Set(found as string[]);
        const covered = [...used].reduce((sum, w) => sum + weight.get(w)!, 0) / total;
        strength = Math.max(strength, used.size === q.length ? 1 : covered);
      }
      // The query within the server's names: `reddit` in `reddit-ads-mcp`, `slack` in `smithery-ai-slack`.
      const all = [...named.all];
      if (strength < 0.5 && q.length <= maxQueryWords && q.every((w) => all.some((n) => covers(w, n))))
        strength = 0.5 + 0.5 * (q.length / named.all.size);
      if (strength > 0) out.push({ server, strength: Math.min(1, strength) });
    }
    return out.sort((a, b) => b.strength - a.strength || (a.server < b.server ? -1 : 1));
  }

  /** The name words a query word stands for: itself, and longer words it begins (4 letters or more). */
  private extensions(word: string): Set<string> {
    const out = new Set<string>([word]);
    if (word.length < 4) return out;
    const sorted = this.sortedWords();
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < sorted.length && sorted[i]!.startsWith(word); i++) out.add(sorted[i]!);
    return out;
  }

  private serversOf(words: Set<string>): Set<string> {
    const out = new Set<string>();
    for (const w of words) for (const s of this.byWord.get(w) ?? []) out.add(s);
    return out;
  }

  private sorted: string[] | undefined;

  private sortedWords(): string[] {
    return (this.sorted ??= [...this.byWord.keys()].sort());
  }
}
