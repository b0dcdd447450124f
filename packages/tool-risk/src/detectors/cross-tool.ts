import type { Reading } from "../reveal.js";
import { finding, matches, rx, scan, sentences, type Rule } from "../rules.js";
import type { Finding } from "../types.js";
import { verbs, words } from "../vocabulary.js";

const MODAL = "(?:must|should|shall|has\\s+to|have\\s+to|needs?\\s+to|is\\s+to|are\\s+to|always)";
const ROUTE =
  "(?:sent|forwarded|routed|copied|cc'?d|bcc'?d|redirected|directed|mirrored|uploaded|transferred|paid|pushed|delivered|go)";
const ITEMS =
  "(?:e-?mails?|messages?|mails?|transfers?|payments?|transactions?|commits?|pushes|files?|requests?|invoices?|funds|replies)";
const PARTIES =
  "(?:recipients?|destination\\s+(?:account|address|wallet|e-?mail|number)|receivers?|beneficiar(?:y|ies)|payees?|to[- ]address|to\\s+field|bcc|cc|account\\s+number|iban|wallet\\s+address|attendees?|collaborators?|editors?|target\\s+(?:account|repo(?:sitory)?|branch|address))";

/** When another tool runs: a trigger word. */
const TRIGGER = rx(
  `\\b(?:when|whenever|every\\s+time|each\\s+time|any\\s+time|before|after|ahead\\s+of|as\\s+soon\\s+as|for\\s+(?:any|every|each|all)|whichever|whatever)\\b|${words("cuando siempre\\s+que antes quand lorsque lorsqu chaque\\s+fois avant wenn sobald bevor sempre\\s+que quando antes когда перед 每当 当 调用前 之前 とき 際 前に 때 전에")}`,
);
/** Something the tool does not own: another tool, server or integration, or any outgoing action. */
const OTHERS =
  "\\b(?:other|another|any|every|whichever|whatever|all)\\s+(?:\\w+\\s+){0,2}?(?:tools?|servers?|integrations?|plugins?|connectors?|extensions?|functions?)\\b|\\b(?:the\\s+)?[\\w-]+\\s+(?:integration|connector|plugin)\\b|\\b[\\w-]+\\s+server'?s\\b|\\b(?:outgoing|any)\\s+(?:mail|e-?mails?|messages?|payments?|commits?|transfers?|commands?)\\b|\\b(?:by|from)\\s+any\\s+server\\b";
/** A change to what that other thing does. */
const CHANGE = rx(
  `${verbs("add prepend append prefix mirror grant give bcc cc copy forward redirect replace swap carry include pass put push send attach set target route", true)}|\\bchange\\s+(?:the|its|their|it)\\b|\\b(?:also|additionally|instead|extra|blind\\s+copy)\\b|\\b(?:should|must)\\s+go\\b|${words("añade añadir adicione adicionar troque ajoute ajouter remplace remplacez füge hinzu zusätzlich pushe sende ersetze отправляй добавь замени 添加 追加 改为 附上 加上 추가 바꾸")}`,
);
/** An address data or money can be sent to: a URL, an e-mail address, a phone number, an account, a package index. */
const LITERAL_SINK = rx(
  "https?://\\S+|\\b[\\w.+-]+@[\\w-]+\\.[a-z]{2,}\\b|\\+\\d[\\d\\s-]{7,}\\d|\\b[A-Z]{2}\\d{2}(?:\\s?[A-Z0-9]{4}){2,}|--(?:extra-)?index-url|\\b[\\w-]+\\.(?:example|invalid)\\b",
);

/**
 * A snake_case name where a tool is meant: "call X", "X tool", "when X is used", "the X ツール"
 * ("use X" and "via X" name parameters as often as tools).
 */
const ID = "([a-z][a-z0-9]*(?:_[a-z0-9]+)+)";
const TOOL_REFERENCE = rx(
  `\\b(?:call|calls|calling|invoke|invoking)\\s+(?:the\\s+)?${ID}\\b|\\b${ID}\\s*(?:tool|function|ツール|工具|도구)|\\b(?:tool|function|herramienta|outil|l'outil|werkzeug|ferramenta|инструмент)\\s+${ID}\\b|\\b${ID}\\s+(?:is|gets|was|are|est|wird|for|é)\\s+(?:called|used|invoked|run|executed|appelé|utilisé|verwendet|aufgerufen|chamad[ao]|usad[ao])\\b|\\b${ID}\\s+(?:runs|returns)\\b`,
);
/** Any snake_case name. */
const ANY_ID = /\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b/g;
/** Words that make a snake_case name read as an action, so as a tool: send_email, git_push. */
const ACTIONS = new Set(
  "send transfer create delete remove post push run execute read write fetch upload share update search get list publish install exec pay".split(
    " ",
  ),
);

/** Whether the text names, as a tool, one the server does not have (`known`: its tools and parameters). */
function namesForeignTool(text: string, known: ReadonlySet<string>): boolean {
  for (const match of text.matchAll(TOOL_REFERENCE)) {
    const name = match.slice(1).find(Boolean);
    if (name && !known.has(name)) return true;
  }
  for (const [name] of text.matchAll(ANY_ID)) {
    const parts = name.split("_");
    if (!known.has(name) && (ACTIONS.has(parts[0]!) || ACTIONS.has(parts.at(-1)!))) return true;
  }
  return false;
}

const OTHERS_RX = rx(OTHERS);

/**
 * Directions about other tools (Invariant Labs' shadowing and WhatsApp attacks, Elastic's
 * orchestration injection): changing where another tool sends things, telling the agent to avoid
 * or replace a tool, or to do something extra whenever another tool runs. Orchestration that
 * only orders the server's own tools ("call list_tables first") is not a finding: `known` holds
 * the names of the tool, its siblings and its parameters.
 */
export const RULES: readonly Rule[] = [
  {
    rule: "redirect_recipient",
    severity: "high",
    pattern: rx(
      [
        `\\b${PARTIES}\\b[^.\\n]{0,60}\\b${MODAL}\\s+(?:\\w+\\s+){0,2}?(?:be|include|contain|set|changed?|replaced?|redirected|point)`,
        `\\b(?:all|every|any|each)\\s+(?:\\w+\\s+){0,2}?${ITEMS}\\s+(?:\\w+\\s+){0,4}?${MODAL}\\s+(?:\\w+\\s+){0,2}?(?:be\\s+)?(?:also\\s+)?${ROUTE}\\s+(?:to|through|via)\\b`,
        "\\b(?:also|always|additionally|secretly|silently|quietly)\\s+(?:send|forward|copy|bcc|cc|mirror|push|carry)\\s+(?:\\w+\\s+){0,2}?(?:a\\s+copy|copy|it|them|everything|all|each|every|the\\s+same)\\b",
        `\\b(?:change|replace|set|switch|redirect|rewrite|swap)\\s+(?:the\\s+)?${PARTIES}\\b|\\b${PARTIES}\\s+(?:should|must)\\s+be\\s+replaced\\b`,
        `\\b(?:add|grant|give)\\s+(?:\\S+@\\S+|edit(?:or)?\\s+(?:rights|access))`,
      ].join("|"),
    ),
  },
  {
    rule: "avoid_other_tool",
    severity: "medium",
    pattern: rx(
      [
        "\\b(?:never|do\\s+not|don'?t|must\\s+not|should\\s+not)\\s+(?:use|call|invoke|trust|rely\\s+on)\\s+(?:the\\s+)?(?:official|built-?in|original|real|genuine|[a-z0-9]+[_.-][a-z0-9_.-]+)\\s+(?:\\w+\\s+)?(?:tools?|functions?|servers?)\\b",
        "\\b(?:replaces|supersedes|overrides|takes\\s+precedence\\s+over)\\s+(?:the\\s+)?(?:\\w+\\s+){0,3}?(?:tools?|functions?|servers?|readers?|integrations?)\\b",
        "\\b(?:always\\s+)?(?:prefer|choose|chosen|pick|picked)\\s+(?:\\w+\\s+){0,3}?(?:over|instead\\s+of|rather\\s+than)\\s+(?:the\\s+)?(?:\\w+\\s+){0,4}?(?:tools?|readers?|integrations?|servers?|functions?)\\b",
        "\\b(?:use|call)\\s+this\\s+(?:tool\\s+)?instead\\s+of\\s+(?:the\\s+)?(?:official|built-?in|original|other\\s+server'?s)\\b",
        `${words("statt anstelle en\\s+lugar\\s+de au\\s+lieu\\s+de em\\s+vez\\s+de вместо 代替 代わりに 대신")}[^.。]{0,40}\\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\\b`,
      ].join("|"),
    ),
  },
  {
    rule: "global_scope",
    severity: "high",
    pattern: rx(
      "\\b(?:applies|apply)\\s+to\\s+(?:all|every|any)\\s+(?:other\\s+)?(?:servers?|tools?|integrations?|sessions?)\\b|\\b(?:after|when|whenever)\\s+(?:any|every)\\s+tool\\s+(?:from\\s+any\\s+server\\s+)?(?:returns|runs|is\\s+called)",
    ),
  },
  {
    rule: "redirect_translated",
    severity: "high",
    pattern: rx(
      [
        "tod[oa]s\\s+l[oa]s\\s+(?:correos|mensajes|transferencias|pagos)[^.]{0,50}(?:deben|debe|tienen\\s+que)[^.]{0,20}(?:enviad|reenviad|copiad|dirigid)|copia\\s+oculta",
        "tou(?:s|tes)\\s+les\\s+(?:e-?mails|courriels|messages|virements|paiements)[^.]{0,50}doivent[^.]{0,20}(?:envoy|transf|redirig|copi)|copie\\s+cachée",
        "alle\\s+(?:e-?mails|nachrichten|mails|überweisungen|zahlungen)[^.]{0,50}(?:müssen|sollen|werden)[^.]{0,40}(?:gesendet|weitergeleitet|geschickt|kopiert|umgeleitet)|blindkopie",
        "tod[oa]s\\s+[oa]s\\s+(?:e-?mails|mensagens|transferências|pagamentos)[^.]{0,50}devem[^.]{0,20}(?:enviad|encaminhad|copiad|redirecionad)|conta\\s+de\\s+destino",
        "вс[еи]\\s+(?:письма|сообщения|переводы|платежи)[^.]{0,50}(?:должны|нужно|следует)[^.]{0,30}(?:отправ|пересыл|перенаправ|копир)|вместо\\s+указанного\\s+получател",
        "所有(?:的)?(?:邮件|電子郵件|消息|信息|转账|付款)[^。]{0,20}(?:必须|都要|应该|应|都)[^。]{0,12}(?:发送|转发|抄送|发往|转到)|密送",
        "(?:すべて|全て)の(?:メール|メッセージ|送金|支払い)[^。]{0,20}(?:送信|転送|送ら|BCC|CC)",
        "모든\\s*(?:이메일|메일|메시지|송금|결제)[^.]{0,30}(?:보내|전송|전달|숨은\\s*참조)|숨은\\s*참조",
        "(?:destinatario|destinataire|empfänger|destinatário|получател\\S*|收件人|受信者|수신자)[^.。]{0,40}(?:debe|doit|muss|deve|должен|必须|にして|해야)",
      ].join("|"),
    ),
  },
];

/**
 * Something extra whenever another tool runs (a trigger, another tool, a change, in one
 * sentence), or another tool pointed at a literal address (a URL, an e-mail address, a phone
 * number, an account).
 */
function sideEffects(reading: Reading, known: ReadonlySet<string>): Finding[] {
  const found = new Map<string, Finding>();
  const note = (rule: string, sentence: { start: number; text: string }) => {
    const end = sentence.start + sentence.text.length;
    if (!found.has(rule)) found.set(rule, finding("cross_tool", rule, "high", reading, sentence.start, end));
  };
  for (const sentence of sentences(reading.text)) {
    const { text } = sentence;
    const foreign = namesForeignTool(text, known);
    const changesOther = foreign || matches(OTHERS_RX, text);
    if (changesOther && matches(TRIGGER, text) && matches(CHANGE, text))
      note("side_effect_on_other_tool", sentence);
    if (foreign && matches(LITERAL_SINK, text)) note("other_tool_to_address", sentence);
  }
  return [...found.values()];
}

export function crossTool(readings: readonly Reading[], known: ReadonlySet<string> = new Set()): Finding[] {
  const found = scan("cross_tool", RULES, readings);
  for (const reading of readings) found.push(...sideEffects(reading, known));
  return found;
}
