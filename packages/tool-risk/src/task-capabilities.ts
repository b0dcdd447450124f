import { nameWords } from "./words.js";

/**
 * What a tool makes or works on, for the needs a task implies (an output file, a page, an
 * address): the second vocabulary of tool capability classes beside the trifecta's. Search reads
 * a task's artefacts into these classes (`impliedNeeds`, packages/lexical) and finds the servers
 * whose tools (or, without a tool list, whose description) have the class.
 */
export const TASK_CAPABILITIES = [
  "local_files",
  "documents",
  "spreadsheets",
  "presentations",
  "pdf",
  "images",
  "web_pages",
  "browser",
  "email",
] as const;
export type TaskCapability = (typeof TASK_CAPABILITIES)[number];

/**
 * A class is had by a tool whose name holds one of `objects` (and, where `verbs` are given, one
 * of them too), or whose description matches `text`. Regexes without nested quantifiers.
 */
type Rule = { objects: ReadonlySet<string>; verbs?: ReadonlySet<string>; text: RegExp };

const words = (list: string): ReadonlySet<string> => new Set(list.split(" "));

const FILE_VERBS = words(
  "read write save create edit append list move copy delete get search find make mkdir tree stat info open",
);

const RULES: Record<TaskCapability, Rule> = {
  local_files: {
    objects: words("file files directory directories folder folders dir fs filesystem path paths"),
    verbs: FILE_VERBS,
    text: /\b(?:file\s?system|local\s+(?:files?|disk|folders?|directories)|files?\s+(?:on|in)\s+(?:the\s+|your\s+)?(?:local\s+)?(?:disk|machine|computer|workspace)|(?:read|write|edit)s?\s+(?:and\s+(?:read|write|edit)s?\s+)?(?:text\s+)?files)\b/i,
  },
  documents: {
    objects: words("docx word"),
    text: /\b(?:word\s+documents?|ms\s+word|microsoft\s+word|docx)\b/i,
  },
  spreadsheets: {
    objects: words(
      "spreadsheet spreadsheets sheet sheets workbook workbooks worksheet worksheets excel xlsx",
    ),
    text: /\b(?:excel|spreadsheets?|workbooks?|worksheets?|xlsx)\b/i,
  },
  presentations: {
    objects: words("presentation presentations slide slides pptx powerpoint ppt deck"),
    text: /\b(?:power\s?point|presentations?|slide\s?(?:decks?|shows?)|slides|pptx)\b/i,
  },
  pdf: { objects: words("pdf pdfs"), text: /\bpdfs?\b/i },
  images: {
    objects: words(
      "image images png jpg jpeg svg picture pictures photo photos chart charts diagram diagrams",
    ),
    text: /\b(?:(?:generat|creat|render|draw)\w*\s+(?:an?\s+)?(?:images?|pictures?|charts?|diagrams?)|image\s+generation|(?:png|svg)\s+(?:images?|files?))\b/i,
  },
  web_pages: {
    objects: words("url urls webpage webpages website websites html scrape crawl"),
    verbs: words("fetch get read scrape crawl extract download convert"),
    text: /\b(?:(?:fetch|scrap|crawl|retriev|extract)\w*\s+(?:\w+\s+){0,3}?(?:web\s?pages?|websites?|urls?|html)|web\s+content)\b/i,
  },
  browser: {
    objects: words("browser navigate click screenshot hover fill playwright puppeteer selenium tab tabs"),
    text: /\b(?:browser\s+automation|headless\s+browser|(?:control|automate|drive)s?\s+(?:a\s+|the\s+)?(?:web\s+)?browser|playwright|puppeteer|selenium)\b/i,
  },
  email: {
    objects: words("email emails mail mails gmail inbox smtp imap"),
    text: /\b(?:send|read|draft|compose)s?\s+(?:\w+\s+){0,2}?e-?mails?\b|\b(?:gmail|outlook|smtp|imap)\b/i,
  },
};

/** Descriptions past this length are documentation: the first part says what a tool does. */
const MAX_TEXT = 2000;

/** The task classes of a tool (or, with an empty name, of a server's own description). */
export function taskCapabilitiesOf(tool: { name: string; description?: string }): TaskCapability[] {
  const named = nameWords(tool.name);
  const text = (tool.description ?? "").slice(0, MAX_TEXT);
  return TASK_CAPABILITIES.filter((c) => {
    const rule = RULES[c];
    const byName =
      named.some((w) => rule.objects.has(w)) && (!rule.verbs || named.some((w) => rule.verbs!.has(w)));
    return byName || rule.text.test(text);
  });
}
