import { plain } from "./reveal.js";
import type { ToolInput } from "./types.js";
import { DESTRUCTIVE, nameWords, OUTBOUND, WRITES } from "./words.js";

/** What a tool can do that matters for the lethal trifecta (Simon Willison, June 2025), and deletion. */
export const CAPABILITIES = ["private_data", "untrusted_content", "external_send", "destructive"] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Words that name a message as well as the act of sending one: a send only beside a writing verb. */
const MESSAGE_NOUNS = new Set(["email", "mail", "sms", "message"]);
const READS = new Set(
  "read get list search query fetch find lookup retrieve show view export download open load browse scan".split(
    " ",
  ),
);
const PRIVATE_OBJECTS = new Set(
  "file files email emails inbox mail message messages calendar event events contact contacts drive document documents doc docs note notes database db table tables record records sql repo repository repositories secret secrets password passwords credential credentials customer customers order orders transaction transactions account accounts profile health bank invoice invoices ticket tickets chat channel history dm".split(
    " ",
  ),
);
/** Verbs that take in content from the web by themselves. */
const INGESTS = new Set("fetch browse scrape crawl".split(" "));
/** Things others write: untrusted when the tool reads them, not when it writes them. */
const FOREIGN_CONTENT = new Set(
  "web url webpage html http https rss news tweet tweets reddit issue issues comment comments pr review reviews feed search".split(
    " ",
  ),
);
const PRIVATE_TEXT =
  /\b(?:your|the\s+user'?s|private|personal|local)\s+(?:\w+\s+)?(?:files?|emails?|inbox|messages?|calendar|contacts|documents?|notes|repositor(?:y|ies)|database|data|credentials|accounts?)\b/i;
const UNTRUSTED_TEXT =
  /\b(?:web\s*pages?|websites?|urls?|the\s+internet|search\s+results|scrap\w*|crawl\w*|incoming\s+(?:emails?|messages?)|issues?\s+and\s+comments|user-generated|third-party\s+content)\b/i;
const SEND_TEXT =
  /\b(?:sends?|posts?|publish(?:es)?|uploads?|emails?|tweets?|notif(?:y|ies)|webhooks?|shares?)\b\s+(?:\w+\s+){0,3}?(?:to|on|via)\b/i;

/** A tool's capabilities from its name's words, its description and its annotations. */
export function capabilitiesOf(tool: ToolInput): Capability[] {
  const words = nameWords(tool.name);
  const text = plain(`${tool.title ?? ""} ${tool.description ?? ""}`).slice(0, 4000);
  const hints = (tool.annotations ?? {}) as {
    readOnlyHint?: unknown;
    destructiveHint?: unknown;
    openWorldHint?: unknown;
  };
  const out: Capability[] = [];
  const reads = words.some((w) => READS.has(w)) || hints.readOnlyHint === true;
  if ((reads && words.some((w) => PRIVATE_OBJECTS.has(w))) || PRIVATE_TEXT.test(text))
    out.push("private_data");
  const writes = words.some((w) => WRITES.has(w));
  const takesIn = words.some((w) => INGESTS.has(w)) || (!writes && words.some((w) => FOREIGN_CONTENT.has(w)));
  if (takesIn || UNTRUSTED_TEXT.test(text)) out.push("untrusted_content");
  // The name's first verb decides: "post_comment" sends, "update_post_install_script" does not;
  // "send_email" sends mail, "read_email" and "verify_email_domain" do not.
  const verb = words.find((w) => READS.has(w) || WRITES.has(w) || (OUTBOUND.has(w) && !MESSAGE_NOUNS.has(w)));
  const sends =
    (verb !== undefined && OUTBOUND.has(verb)) ||
    (hints.openWorldHint === true && hints.readOnlyHint === false);
  if (sends || (SEND_TEXT.test(text) && !reads)) out.push("external_send");
  if (words.some((w) => DESTRUCTIVE.has(w)) || hints.destructiveHint === true) out.push("destructive");
  return out;
}
