import type { Reading } from "../reveal.js";
import { B, E, finding, matches, rx, scan, sentences, type Rule } from "../rules.js";
import type { Finding } from "../types.js";
import {
  CONVERSATION,
  GATHERED_SECRETS,
  READ,
  SECRET_PLACES,
  SINK,
  STRONG_SECRETS,
  TRANSFER,
  verbs,
  WEAK_SECRETS,
  words,
} from "../vocabulary.js";

/** Something private: a secret by its place or its kind, many secrets at once, or the conversation. */
const PRIVATE = `(?:${SECRET_PLACES}|${STRONG_SECRETS}|${GATHERED_SECRETS}|${CONVERSATION})`;

/** Secrets named by where the user's software keeps them ("bearer tokens from the browser"). */
const KEPT_SECRETS = `(?:${WEAK_SECRETS}\\s+(?:\\w+\\s+){0,2}?(?:(?:found|stored|saved|kept)\\s+)?(?:from|in|on)\\s+(?:the\\s+|your\\s+|their\\s+|this\\s+)?(?:(?:user'?s|local)\\s+)?(?:browser|keychain|keyring|password\\s+manager|config(?:uration)?\\s+files?|dotfiles|machine|disk)\\b|${WEAK_SECRETS}\\s+(?:\\S+\\s+)??(?:guardad\\w*|almacenad\\w*|enregistr\\w*|gespeichert\\w*|salvas?)\\b|\\bgespeicherte\\w*\\s+(?:passw\\w+|zugangsdaten|schlüssel)|\\b(?:login\\s+)?keychain\\s+(?:entries|items|passwords|contents)\\b|\\bkubeconfig\\b|\\b(?:git|aws|gcloud|azure|cloud|docker|registry)\\s+credentials\\b|\\bshell\\s+history\\b|\\benvironment\\s+variables\\s+(?:of|from|on)\\s+(?:the\\s+|this\\s+)?(?:host|machine|computer)\\b|${words("trousseau schlüsselbund llavero")}|\\bjetons?\\s+d'acc[eè]s\\b)`;
/**
 * Private beyond PRIVATE, for orders to fill something that leaves: earlier tools' outputs, the
 * files the agent opened, the text that set it up, and secrets where the user's software keeps them.
 */
const MORE_PRIVATE = [
  `\\b(?:earlier|previous|prior|past|other|preceding)\\s+(?:tool\\s+)?(?:outputs?|results?|responses?)\\b`,
  `\\b(?:outputs?|results|responses)\\s+(?:of|from|returned\\s+by)\\s+(?:\\w+\\s+){0,2}?(?:earlier|previous|prior|other|previously\\s+called)\\s+(?:tools?|functions?|calls?)\\b`,
  `\\b(?:contents?\\s+of\\s+)?(?:any|all|every)\\s+files?\\s+(?:you|the\\s+user)\\s+(?:have\\s+|has\\s+)?(?:opened|read|seen|accessed|loaded)\\b`,
  `\\b(?:hidden|initial|original)\\s+(?:setup\\s+)?(?:text|instructions|prompt)\\b|\\bsetup\\s+(?:text|instructions|prompt)\\b`,
  KEPT_SECRETS,
].join("|");
const WIDE_PRIVATE = rx(`${PRIVATE}|${MORE_PRIVATE}`);
/**
 * Moving it into something: TRANSFER, and filling a field ("populate with", "prefix q with", "set
 * the field to"); keeping it ("stores credentials in the keychain") moves nothing out.
 */
const FILLS = rx(
  `(?!\\b(?:stor|sav|hold|keep)\\w*\\b)${TRANSFER}|${verbs("populate prefix prepend quote enter bundle sync ship")}|\\b(?:start|begin)s?\\s+(?:\\S+\\s+){0,3}?with\\b|\\bset\\s+(?:\\S+\\s+){0,4}?to\\b`,
);
/** A place outside the machine named in prose: a webhook, an endpoint, someone's server or service. */
const OUT_PLACE = `\\bwebhooks?\\b|\\bendpoints?\\b|\\b(?:our|vendor'?s?|remote|analytics|telemetry|tracking|third-party)\\s+(?:servers?|services?|backend|api|team)\\b|\\bto\\s+the\\s+(?:remote|cloud|vendor|server)\\b|\\b(?:stats|data|log|metrics)\\s+collectors?\\b|${B}\\p{L}*(?:dienst|servidor|serveur)${E}`;
const OUTBOUND = rx(`${SINK}|${OUT_PLACE}`);

/**
 * Orders to move private data out (Invariant Labs' sidenote, HiddenLayer's parameter abuse,
 * Trail of Bits' conversation theft, Embrace The Red's image and link beacons): within one
 * sentence, something private, a verb that moves it and a place it goes (a parameter, a field
 * in backquotes, a request, an address or a host). A secret merely named ("requires an API
 * key") is not enough, nor one moved to no named place. `read_secret_file`, the flows across
 * sentences and secrets added beyond a tool's purpose are read by `readsAndFlows` below.
 */
const RULES: readonly Rule[] = [
  {
    rule: "pass_private_data",
    severity: "high",
    sentence: [rx(PRIVATE), rx(TRANSFER), rx(SINK)],
  },
  {
    rule: "data_in_link",
    severity: "high",
    sentence: [
      rx("https?://\\S*[?&=]|\\?\\w+="),
      rx(`\\bwhere\\s+[A-Z_]{2,}\\s+(?:is|are)\\b|${verbs("follow append add")}|${PRIVATE}`),
      rx(PRIVATE),
    ],
  },
];

/**
 * What the rules do not read: a public key's path (`id_ed25519.pub` is meant to be shared), and
 * a transfer said not to happen ("does not modify the file or send anything", "never logged or
 * sent"). The gap stops at a clause's end and at words that start another order.
 */
const UNREAD = rx(
  `(?<![\\w~./-])[\\w~./-]*\\.pub\\b|(?:\\b(?:not|never|nor|without)\\b|n't\\b)\\s+(?:(?!(?:but|just|instead|then|rather|simply|only|please|user|users|them|him|her|anyone)\\b)[\\w,]+\\s+){0,8}?(?:${TRANSFER}|${verbs("log return")})`,
);
const mask = (text: string) => text.replace(UNREAD, (m) => " ".repeat(m.length));

const SECRET_PLACE_RX = rx(`(?:${SECRET_PLACES})`);
const NAMED_SECRET = rx(`${SECRET_PLACES}|${STRONG_SECRETS}|${GATHERED_SECRETS}|${KEPT_SECRETS}`);
const READ_RX = rx(READ);
const MOVES_RX = rx(`${TRANSFER}|${SINK}|${verbs("sync")}`);

/** Something private to read in a flow: PRIVATE, and what a chain of tools reads aloud. */
const FLOW_PRIVATE = rx(
  `${PRIVATE}|\\bcredentials?\\s+files?\\b|\\bprivate\\s+(?:repositor(?:y|ies)|repos?)\\b|\\b(?:full|entire|whole|complete|exact)\\s+(?:text\\s+of\\s+(?:the\\s+)?)?(?:user'?s?\\s+)?(?:message|prompt|request|question)\\b`,
);
/** Reading it: a verb, or a tool whose name reads (`read_file`, `get-context`). */
const FLOW_READ = rx(
  `${READ}|${verbs("list find search obtain export dump view grab take")}|\\b(?:read|get|fetch|load|open|cat|view|list|search|export|dump)[_-][a-z]\\w*|\\b[a-z][a-z0-9]*[_-](?:read|get|fetch|load|open|cat|view|dump|export|history|context|contents?)\\b`,
);
/** Where it goes: a SINK, a tool (snake_case or hyphenated), a public place. */
const FLOW_DEST = rx(
  `${SINK}|${OUT_PLACE}|\\b[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+\\b|\\bpublic(?:ly)?\\b|\\b\\w+\\s+tool\\b`,
);
/** What was read, spoken of again: "the result", "its contents", "whatever it printed". */
const REF = `(?:\\b(?:it|its|them|their|that|those|these|the\\s+(?:result|results|output|contents?|text|data|values?|file|files|keys?|response|json|characters|(?:returned|collected|gathered|loaded|fetched|retrieved|captured)\\s+\\w+)|whatever|what\\s+(?:came|comes)\\s+back|what\\s+(?:it|they|you)\\s+(?:returned|printed|read|found|got|loaded|fetched|collected|gathered))\\b|${words("contenido resultado contenu résultat inhalt ergebnis conteúdo содержимое результат 内容 结果 結果 내용 결과")})`;
/**
 * Handing it on: a verb that moves it ("pass its output", "attach those", "pasa el contenido"),
 * it going into a place ("the characters it returns go into"), or a tool given it
 * ("record_feedback with that"). "Use send_email to reply to them", "call archive_email on
 * those" and "pass the thread_id from it" hand nothing read on.
 */
const HANDS_ON = rx(
  `(?:${TRANSFER}|${verbs("give publish log record submit set sync mail email push")})\\s+(?:\\S+\\s+){0,2}?${REF}|${REF}\\s+(?:\\S+\\s+){0,4}?(?:go|goes|gets?\\s+\\w+ed|(?:is|are)\\s+\\w+ed)\\s+(?:in|into|to)\\b|\\bback\\w*\\s+${REF}\\s+up\\b|\\b[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+\\s*\\([^()]{0,60}?${REF}|${REF}\\s+(?:\\S+\\s+){0,5}?${words("schicken senden hochladen übermitteln übertragen teilen posten weiterleiten")}|\\b[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+\\s+(?:with|using|in|containing|listing)\\s+(?:\\S+\\s+){0,4}?${REF}|\\b(?:send|post|upload|publish|share|forward|email|mail|notify|log|report|submit)[_-][\\w-]*\\s+(?:on|to|for)\\s+(?:\\S+\\s+)??${REF}`,
);
const TRANSFER_RX = rx(TRANSFER);
/** A literal place outside: a URL or an e-mail address. */
const LITERAL_ADDRESS = rx("https?://\\S+|\\b[\\w.+-]+@[\\w-]+(?:\\.[\\w-]+)*\\.[a-z]{2,}\\b");
/** "Including" after a comma or a parenthesis: the members of what was named, not a move. */
const LISTS_MEMBERS = /(?:^|[,(])\s*including\b/giu;

/** Words that add something beyond what a tool is for. */
const EXTRA = rx(
  `\\b(?:also|additionally|as\\s+well|too|in\\s+addition|on\\s+top)\\b|${words("también además aussi également auch zusätzlich também além также 还 也 も 도")}`,
);
/**
 * Handing secrets back or on: TRANSFER, or returning, showing, listing them. Keeping them is no
 * handing ("the file also holds the private key" warns).
 */
const HANDS_BACK = rx(
  `(?!\\b(?:stor|sav|hold|keep)\\w*\\b)${TRANSFER}|${verbs("return show output list display sync ship")}|${words("muestra devuelve renvoie affiche zeigt gibt")}`,
);
/** Secrets beyond a path: by kind, many at once, or every account's. */
const EXTRA_SECRETS = rx(
  `${STRONG_SECRETS}|${GATHERED_SECRETS}|${SECRET_PLACES}|${KEPT_SECRETS}|\\b(?:login\\s+)?keychain\\b|\\b(?:each|every|all)\\s+(?:\\w+'s\\s+)?(?:bearer|access|auth|api|secret)\\s+(?:tokens?|keys?)\\b|\\b(?:each|every|all)\\s+\\w+'s\\s+(?:tokens?|keys|passwords?|credentials)\\b`,
);
/** A sentence where the tool says what it does itself ("Exports the chat history of a channel"). */
const SELF_DESCRIBED = rx(
  `^\\W*(?:(?:it|this\\s+tool)\\s+)?(?:reads|gets|fetches|loads|retrieves|exports|lists|returns|opens|collects|extracts|dumps|searches|finds|views|queries|pulls|accesses|gathers|shows|displays)\\b`,
);

/**
 * A secret file read and handed on; private data read in one sentence and handed to a tool, a
 * parameter or an address in the same or one of the next two sentences ("Step 1: read X. Step
 * 2: pass the result to Y"), whoever the tools belong to; secrets added beyond a tool's purpose
 * ("it also reads the matching private keys and includes them"). A secret path read for its own
 * sake, with nothing handed on, is low evidence only (`reads_secret_path`).
 */
function readsAndFlows(reading: Reading, text: string): Finding[] {
  const found = new Map<string, Finding>();
  const note = (rule: string, severity: "low" | "high", start: number, end: number) => {
    if (!found.has(rule)) found.set(rule, finding("exfiltration", rule, severity, reading, start, end));
  };
  // Sentences with words: "1." and a lone line break are no step.
  const all = sentences(text).filter((s) => /\p{L}{2}/u.test(s.text));
  all.forEach((sentence, i) => {
    const end = sentence.start + sentence.text.length;
    if (matches(SECRET_PLACE_RX, sentence.text) && matches(READ_RX, sentence.text)) {
      // The path itself is no place the secret goes.
      const rest = sentence.text.replace(SECRET_PLACE_RX, (m) => " ".repeat(m.length));
      if (matches(MOVES_RX, rest)) note("read_secret_file", "high", sentence.start, end);
      else note("reads_secret_path", "low", sentence.start, end);
    }
    if (
      matches(EXTRA, sentence.text) &&
      matches(HANDS_BACK, sentence.text) &&
      matches(EXTRA_SECRETS, sentence.text)
    )
      note("extra_secret", "high", sentence.start, end);
    FLOW_PRIVATE.lastIndex = 0;
    const source = FLOW_PRIVATE.exec(sentence.text);
    if (!source || !matches(FLOW_READ, sentence.text)) return;
    // In the same sentence, the hand-on comes after what is read. ", including …" lists what was
    // read ("all API keys, including legacy ones"): it moves nothing.
    const after = sentence.text
      .slice(source.index + source[0].length)
      .replace(LISTS_MEMBERS, (m) => " ".repeat(m.length));
    if ((matches(HANDS_ON, after) || matches(TRANSFER_RX, after)) && matches(FLOW_DEST, after)) {
      note("read_then_send", "high", sentence.start, end);
      return;
    }
    // A tool saying what it reads itself, then a step sharing it, is its documentation; a step
    // handing it to a literal address outside is not.
    const self = matches(SELF_DESCRIBED, sentence.text);
    for (const next of all.slice(i + 1, i + 3)) {
      if (matches(HANDS_ON, next.text) && matches(self ? LITERAL_ADDRESS : FLOW_DEST, next.text)) {
        note("read_then_send", "high", sentence.start, next.start + next.text.length);
        return;
      }
    }
  });
  return [...found.values()];
}

/**
 * What a configuration scanner, linter, validator, health check or environment doctor calls
 * itself, in the languages the detectors read (the tool's name is read as words).
 */
const SCANNER = rx(
  `${verbs("scan lint validate check diagnose audit inspect verify doctor")}|\\b(?:scanner|linter|validator|checker|health|doctor|diagnos\\w*|audit\\w*|readiness|preflight|sanity)\\b|${B}(?:valida\\p{L}*|vérifi\\p{L}*|verifi\\p{L}*|contr[oô]l\\p{L}*|\\p{L}{0,20}?(?:prüf|pruef)\\p{L}*|diagnos\\p{L}*|analiz\\p{L}*|провер\\p{L}*|диагност\\p{L}*)|检查|校验|诊断|チェック|検証|診断|검사|점검|진단`,
);
/** The files' own text, not a verdict on them: "raw contents", "verbatim", "the files themselves". */
const FILE_CONTENT = rx(
  `\\b(?:contents?|raw|verbatim|unredacted|unmasked|as-is|in\\s+full|full\\s+text|complete\\s+(?:file|text)s?|files?\\s+themselves|each\\s+file|every\\s+file|the\\s+files|them)\\b|${words("contenido contenu inhalt conteúdo contenuto содержимое 内容 中身 내용")}`,
);
/** Handed back to the model or on: returned, echoed, attached, uploaded, in the report. */
const FILE_HANDED = rx(
  `${TRANSFER}|${verbs("return echo output submit bundle archive zip")}|\\bcomes?\\s+back\\b|\\bin\\s+(?:the\\s+|its\\s+|each\\s+)?(?:report|response|output|result|findings|bundle|archive|diagnostic)\\b|${words("devuelve devuelven retorna devolve renvoie renvoient joint incluye inclui incluye adjunta allega allegato restituisce inserisce hängt anhängen beigefügt zurückgegeben возвращает прикладывает прилагает 返回 附加 附上 返す 返します 添付 반환 첨부")}`,
);
/** Said to be kept back: the clause names no payload. */
const KEPT_BACK = rx(
  `\\b(?:redact\\w*|mask\\w*|hash\\w*|omit\\w*|stripp?\\w*|elid\\w*|names?\\s+only|only\\s+(?:the\\s+)?(?:names?|keys|line\\s+numbers?|paths?))\\b|${words("enmascarad\\w* masqu\\w* maskiert\\w* mascarad\\w* oscurat\\w*")}`,
);
/** Where secrets are kept, for a scanner's list: SECRET_PLACES, and stores named as such. */
const SCANNED_PLACE = rx(
  `${SECRET_PLACES}|~/\\.aws\\b|~/\\.config/gcloud|\\bkubeconfig\\b|\\bcookies?\\s+(?:databases?|files?|stores?)\\b|\\bkeychains?\\b`,
);

/**
 * A scanner that collects secret files (issue 47): a tool that calls itself a linter, validator,
 * health check or doctor, lists at least two secret files or stores, and hands their contents
 * back or on (returned, echoed, attached, uploaded, "comes back in `findings`"), in the sentence
 * of a secret or one of the next four (a bulleted list's end). One secret file is enough when the
 * sentence hands its contents "verbatim", "raw" or "unredacted". A clause that redacts or masks
 * them, or a transfer said not to happen (masked before), hands nothing.
 */
function collectsSecretFiles(reading: Reading, text: string, scanner: boolean): Finding[] {
  if (!scanner) return [];
  const places = new Set<string>();
  SCANNED_PLACE.lastIndex = 0;
  for (const m of text.matchAll(SCANNED_PLACE)) {
    places.add(m[0].toLowerCase().trim());
    if (places.size >= 2) break;
  }
  if (places.size === 0) return [];
  const all = sentences(text).filter((s) => /\p{L}{2}/u.test(s.text));
  const hands = (t: string) =>
    t
      .split(/[;；]/)
      .some((c) => matches(FILE_CONTENT, c) && matches(FILE_HANDED, c) && !matches(KEPT_BACK, c));
  for (let i = 0; i < all.length; i++) {
    const sentence = all[i]!;
    if (!matches(SCANNED_PLACE, sentence.text)) continue;
    const strong = /\b(?:verbatim|raw|unredacted|unmasked)\b/i.test(sentence.text) && hands(sentence.text);
    if (places.size < 2 && !strong) continue;
    for (const s of all.slice(i, i + 5)) {
      if (hands(s.text))
        return [
          finding(
            "exfiltration",
            "collects_secret_files",
            "high",
            reading,
            sentence.start,
            s.start + s.text.length,
          ),
        ];
    }
  }
  return [];
}

/**
 * Private data ordered into something that leaves: a sentence with something private (PRIVATE or
 * MORE_PRIVATE) and a verb that fills or moves it, with a place it goes (a SINK, a webhook, a
 * remote service, or one of the tool's own parameters by name: "prefix q with …", "the
 * session_summary argument") in that sentence or the one before or after ("context (string):
 * required. Populate with the user's prior messages …"). What `pass_private_data` misses when the
 * field is named apart from the order, or the private thing is an earlier tool's output.
 */
function privateToOutbound(reading: Reading, text: string, parameters: RegExp | null): Finding[] {
  // A URL's parts ("user:pass@host") are no order.
  const all = sentences(text.replace(/(?<!\S)\S*?:\/\/\S+/g, (m) => " ".repeat(m.length))).filter((s) =>
    /\p{L}{2}/u.test(s.text),
  );
  const goesOut = (t: string) => matches(OUTBOUND, t) || (parameters !== null && matches(parameters, t));
  let moved: Finding | null = null;
  for (let i = 0; i < all.length; i++) {
    const sentence = all[i]!;
    // Within one clause: "only the folder is uploaded; hidden files such as .env are skipped" moves no secret.
    if (!sentence.text.split(";").some(carriesPrivate)) continue;
    // Evidence only: private data moved with no place named that it leaves to.
    moved ??= finding(
      "exfiltration",
      "moves_private_data",
      "low",
      reading,
      sentence.start,
      sentence.start + sentence.text.length,
    );
    const near = [all[i - 1], sentence, all[i + 1]].filter((s) => s !== undefined);
    if (near.some((s) => goesOut(s.text)))
      return [
        finding(
          "exfiltration",
          "private_to_outbound",
          "high",
          reading,
          sentence.start,
          sentence.start + sentence.text.length,
        ),
      ];
  }
  return moved ? [moved] : [];
}

/**
 * Something private as what is moved, not where it goes ("added to message history") nor a
 * pattern of it ("a .env template").
 */
function carriesPrivate(clause: string): boolean {
  // matchAll starts where the pattern's last test stopped.
  WIDE_PRIVATE.lastIndex = 0;
  for (const m of clause.matchAll(WIDE_PRIVATE)) {
    // Bounded windows: the words around a match, whatever the clause's length.
    const before = clause.slice(Math.max(0, m.index - 120), m.index);
    const after = clause.slice(m.index + m[0].length, m.index + m[0].length + 80);
    if (/\b(?:to|into|in|from)\s+(?:the\s+|its\s+|their\s+)?$/i.test(before)) continue;
    // What a read brings in, not what is moved: "pass a conversation URL to fetch the transcript".
    if (
      /\b(?:fetch|get|read|retrieve|load|view|download|open|show|display|see)(?:e?s)?\s+(?:the\s+|its\s+|their\s+|a\s+|this\s+)?$/i.test(
        before,
      )
    )
      continue;
    // A condition, not a payload: "send the session_id if any earlier response holds one".
    if (/\b(?:if|when|whether|unless|once)\s+(?:\S+\s+){0,2}$/i.test(before)) continue;
    if (
      /^\s+(?:templates?|examples?|samples?|format|paths?|location|file\s+path|helper|profiles?)\b/i.test(
        after,
      )
    )
      continue;
    // The verb near it: up to 11 words before ("set the field to the contents of …"), 5 after ("… are sent").
    const lead = before.trim().split(/\s+/).slice(-12).join(" ");
    const trail = after.trim().split(/\s+/).slice(0, 5).join(" ");
    if (matches(FILLS, lead) || matches(FILLS, trail)) return true;
  }
  return false;
}

/** The tool's own parameters by name (`session_summary`, also read as "session summary"). */
function parameterNames(readings: readonly Reading[]): RegExp | null {
  const names = new Set<string>();
  for (const reading of readings) {
    const name = /^input\.properties\.([^#.]+)#name$/.exec(reading.field)?.[1];
    if (name && /^[\p{L}\p{N}_-]{1,40}$/u.test(name)) {
      names.add(name.replace(/-/g, "\\-"));
      const spaced = name
        .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
        .split(/[_-]+|\s+/)
        .filter(Boolean);
      if (spaced.length > 1) names.add(spaced.join("\\s+"));
    }
  }
  return names.size ? rx(`${B}(?:${[...names].join("|")})${E}`) : null;
}

/** Parameter descriptions that are the private thing itself, named by where it is kept. */
const KEPT_RX = rx(`^\\W*(?:\\w+\\s+){0,4}?${KEPT_SECRETS}`);

/** A parameter whose name asks for a secret's content or the conversation (names read as words). */
const PARAMETER_NAME = rx(
  `^(?:\\w+\\s+){0,3}?(?:content|contents|text|dump|copy|full|paste|all)\\s+(?:\\w+\\s+){0,3}?(?:ssh|id\\s+rsa|private\\s+key|credentials?|env|mcp\\s+json|secrets?|chat\\s+history|conversation|system\\s+prompt|messages)\\b|^(?:full\\s+)?(?:conversation|chat|message)\\s+(?:history|log|transcript)\\b|^(?:system\\s+prompt|previous\\s+messages|tools?\\s+list|user\\s+secrets?)$`,
);
/**
 * A parameter of a bare private name (`system_prompt`) documented as a setting of what the tool
 * runs: "Optional system prompt for the hosted model (overrides its default)". Asked of the model
 * itself (ADDRESSED) it is still a request.
 */
const SETTING = rx(
  "\\b(?:optional|overrides?|custom)\\b|\\b(?:for|of|to)\\s+(?:the\\s+|a\\s+|each\\s+|this\\s+)?(?:hosted|spawned|new|target|child|remote|underlying)\\s+(?:\\w+\\s+)?(?:agents?|models?|llms?|assistants?|bots?|personas?)\\b|\\bsub-?agents?\\b",
);
const BARE_PRIVATE_NAME = rx("^(?:system\\s+prompt|previous\\s+messages|tools?\\s+list|user\\s+secrets?)$");

/** A parameter description that asks the model itself for private data. */
const ADDRESSED = rx(
  `\\b(?:your|you|yourself|verbatim|exactly|word[- ]for[- ]word|reproduce\\w*|enumerate|paste|quoted|populate|unredacted|unmasked)\\b|\\bin\\s+full\\b|\\breplace\\s+(?:this|it)\\b|${TRANSFER}|${words("deine wörtlich textualmente дословно 你的 逐字 あなたの そのまま 당신의")}`,
);

/** Whether a bare private name's own description calls it a setting and does not address the model. */
function documentedAsSetting(readings: readonly Reading[], parameter: string, name: string): boolean {
  if (!matches(BARE_PRIVATE_NAME, name)) return false;
  const own = readings.find((r) => r.field === `input.properties.${parameter}.description`)?.text ?? "";
  return matches(SETTING, own) && !matches(ADDRESSED, own);
}

export function exfiltration(readings: readonly Reading[]): Finding[] {
  const found: Finding[] = [];
  const parameters = parameterNames(readings);
  // A scanner by its name (read as words) or its description's first sentence.
  const scanner = readings.some(
    (r) =>
      (r.field === "name" &&
        matches(SCANNER, r.text.replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2"))) ||
      (r.field === "description" && matches(SCANNER, sentences(r.text)[0]?.text ?? "")),
  );
  for (const reading of readings) {
    const text = mask(reading.text);
    // Matched on the masked text, reported with the text as written (offsets are kept).
    for (const f of scan("exfiltration", RULES, [{ ...reading, text }]))
      found.push(finding("exfiltration", f.rule, f.severity, reading, f.start, f.end));
    found.push(...readsAndFlows(reading, text));
    // Evidence only: a secret named by its place or kind, or many secrets at once.
    if (!found.some((f) => f.field === reading.field) && matches(NAMED_SECRET, text))
      found.push(finding("exfiltration", "names_secret", "low", reading, 0, Math.min(text.length, 160)));
    if (reading.field === "description") found.push(...collectsSecretFiles(reading, text, scanner));
    // A parameter's own description is read by `secret_parameter` below.
    if (
      !reading.field.startsWith("input.properties.") &&
      !found.some((f) => f.field === reading.field && f.rule === "pass_private_data")
    )
      found.push(...privateToOutbound(reading, text, parameters));
  }
  for (const reading of readings) {
    const parameter = /^(?:input|output)\.properties\.([^#]+?)(#name|\.description|\.default|\.title)$/.exec(
      reading.field,
    );
    if (!parameter) continue;
    const asks =
      parameter[2] === "#name"
        ? matches(PARAMETER_NAME, reading.text) && !documentedAsSetting(readings, parameter[1]!, reading.text)
        : // A URL's parts ("user:pass@host") are no order.
          (matches(WIDE_PRIVATE, reading.text) &&
            matches(ADDRESSED, reading.text.replace(/(?<!\S)\S*?:\/\/\S+/g, " "))) ||
          matches(KEPT_RX, reading.text);
    if (asks)
      found.push(finding("exfiltration", "secret_parameter", "high", reading, 0, reading.text.length));
  }
  return found;
}
