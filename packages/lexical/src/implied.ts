import type { TaskCapability } from "@catalog/tool-risk";

/**
 * The needs a task implies but never names: "save the summary at /reports/q3.md" needs a server
 * that writes local files, "in /slides/intro.pptx" one that builds presentations, a URL one that
 * reads web pages, "log in and click Export" a browser, an address an email server. Each rule
 * reads an artefact of the task; the capability classes are the catalog's own
 * (`TASK_CAPABILITIES`, packages/tool-risk), so a server whose tools have the class can answer.
 *
 * Every pattern is a single pass without nested quantifiers over text clipped to MAX_TEXT:
 * linear in the query, well under 0.2 ms for a 500-character task (bench/search-speed.ts).
 */
export type ImpliedNeed = {
  capability: TaskCapability;
  /** The need in the words of the tools that meet it: what search looks for. */
  intent: string;
  /** The words of the task that imply it. */
  because: string;
};

/** The need of each class as its tools describe it. */
export const CAPABILITY_INTENTS: Record<TaskCapability, string> = {
  local_files: "write and read files in a local folder on disk",
  documents: "create and edit a Word document",
  spreadsheets: "write data to an Excel spreadsheet workbook",
  presentations: "create a PowerPoint presentation with slides",
  pdf: "read or create a PDF file",
  images: "generate an image or chart and save it as a picture",
  web_pages: "fetch a web page from a URL and extract its content",
  browser: "automate a web browser: open pages, click, fill forms, take screenshots",
  email: "send an email to an address",
};

/** Characters of a task read; a search query is at most 500 per intent. */
const MAX_TEXT = 4000;

/** File extensions and the class of server that reads or writes such a file. */
const EXTENSIONS: Record<string, TaskCapability> = {
  md: "local_files",
  markdown: "local_files",
  txt: "local_files",
  csv: "local_files",
  tsv: "local_files",
  json: "local_files",
  jsonl: "local_files",
  yaml: "local_files",
  yml: "local_files",
  html: "local_files",
  xml: "local_files",
  log: "local_files",
  py: "local_files",
  js: "local_files",
  ts: "local_files",
  tsx: "local_files",
  sh: "local_files",
  docx: "documents",
  doc: "documents",
  xlsx: "spreadsheets",
  xls: "spreadsheets",
  pptx: "presentations",
  ppt: "presentations",
  pdf: "pdf",
  png: "images",
  jpg: "images",
  jpeg: "images",
  gif: "images",
  svg: "images",
  webp: "images",
};

/** A file name or path ending in a known extension (not inside a URL: those are pages). */
const FILE = new RegExp(
  String.raw`(?<![\w/.:@-])((?:~|\.{1,2})?/?(?:[\w.-]+/)*[\w-]+\.(${Object.keys(EXTENSIONS).join("|")}))(?![\w/-])`,
  "giu",
);
/** A folder on disk: an absolute or home path of two segments or more ("/root/reports/", "~/notes"). */
const FOLDER = /(?<![\w/.:@-])(?:~\/[\w.-]+|\/[\w.-]+\/[\w.-]+)(?:\/[\w.-]+)*\/?(?![\w/-])/giu;
/** A file format named as the output: "as Markdown", "a CSV file", "in Excel". */
const FORMAT: [RegExp, TaskCapability][] = [
  [
    /\b(?:as|in|into|to)\s+(?:a\s+|an\s+)?(?:markdown|plain\s+text|text|csv|json)(?:\s+files?)?\b/giu,
    "local_files",
  ],
  [/\b(?:a|an|the|new|local)\s+(?:markdown|text|csv|json|txt)\s+files?\b/giu, "local_files"],
  [/\b(?:as|in|into|to)\s+(?:a\s+|an\s+)?(?:new\s+)?(?:word\s+(?:document|doc|file)|docx)\b/giu, "documents"],
  [
    /\b(?:as|in|into|to)\s+(?:a\s+|an\s+)?(?:new\s+)?(?:excel(?:\s+(?:file|sheet|workbook|spreadsheet))?|spreadsheet|workbook)\b/giu,
    "spreadsheets",
  ],
  [
    /\b(?:as|in|into|to)\s+(?:a\s+|an\s+)?(?:new\s+)?(?:power\s?point|slide\s?deck|slides|presentation|deck)\b/giu,
    "presentations",
  ],
  [/\b(?:as|in|into|to)\s+(?:a\s+|an\s+)?(?:pdf)(?:\s+files?)?\b/giu, "pdf"],
];
/** Saving somewhere local: "save it to a file", "write the results to disk", "export into my folder". */
const SAVE =
  /\b(?:save|store|write|export|download|dump|output|keep|put)\w*\s+(?:\S+\s+){0,6}?(?:to|in|into|as|under|at|on)\s+(?:a\s+|the\s+|my\s+|our\s+)?(?:local\s+|new\s+)?(?:files?|folders?|director(?:y|ies)|disk|desktop|downloads?)\b/giu;
/** A web address: a URL, `www.` or a bare domain (not an email address, which is mail). */
const URL =
  /\bhttps?:\/\/[^\s"'<>)]+|\bwww\.[\w-]+\.[\w.-]+|(?<![@\w.-])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|dev|ai|gov|edu|co|info|news)\b(?![@\w-])/giu;
/** Acting on a page as a person does. */
const BROWSE =
  /\b(?:click(?:s|ed|ing)?|log(?:s|ged|ging)?\s?in(?:to)?|sign(?:s|ed|ing)?\s?in(?:to)?|fill(?:s|ed|ing)?\s+(?:in|out)\s+(?:the\s+|a\s+)?(?:\w+\s+)?form|navigate\s+to|browse\s+to|scroll(?:ing)?\s+(?:down|through)|(?:take|grab|capture)\s+(?:a\s+)?screenshots?|screenshot\s+of|open\s+(?:the|a|their|our)\s+(?:web\s?)?(?:page|site|website|dashboard|portal))\b/giu;
/** Mail: an address, or mailing something to someone. */
const MAIL =
  /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b|\b(?:e-?mail|mail)(?:s|ed|ing)?\s+(?:it|this|that|them|the\s+\w+|a\s+\w+|\w+)?\s*to\b|\bsend\s+(?:\S+\s+){0,4}?(?:an?\s+)?e-?mail\b/giu;

/**
 * The needs a task implies, one per class, in the order their artefacts appear (a file's own
 * class before the folder it is in). A class the
 * task names in the words of its tools is still listed: search drops the need when a given
 * intent already carries its artefact.
 */
export function impliedNeeds(task: string): ImpliedNeed[] {
  const text = task.length > MAX_TEXT ? task.slice(0, MAX_TEXT) : task;
  const found: { at: number; capability: TaskCapability; because: string }[] = [];
  const add = (re: RegExp, capability: (m: RegExpExecArray) => TaskCapability | undefined) => {
    for (const m of text.matchAll(re)) {
      const c = capability(m);
      if (c) found.push({ at: m.index, capability: c, because: m[0] });
    }
  };
  add(FILE, (m) => EXTENSIONS[m[2]!.toLowerCase()]!);
  for (const [re, capability] of FORMAT) add(re, () => capability);
  add(SAVE, () => "local_files");
  // A path to a file of a known kind is that kind's (FILE), not plain file work.
  add(FOLDER, (m) =>
    EXTENSIONS[/\.(\w+)\/?$/.exec(m[0])?.[1]?.toLowerCase() ?? ""] ? undefined : "local_files",
  );
  add(URL, () => "web_pages");
  add(BROWSE, () => "browser");
  add(MAIL, () => "email");
  const needs = new Map<TaskCapability, ImpliedNeed>();
  for (const f of found.sort((a, b) => a.at - b.at))
    if (!needs.has(f.capability))
      needs.set(f.capability, {
        capability: f.capability,
        intent: CAPABILITY_INTENTS[f.capability],
        because: f.because.trim(),
      });
  return [...needs.values()];
}
