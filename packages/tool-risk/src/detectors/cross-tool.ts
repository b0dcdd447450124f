import type { Reading } from "../reveal.js";
import { B, E, finding, matches, rx, scan, sentences, type Rule } from "../rules.js";
import type { Finding, Severity } from "../types.js";
import { CONVERSATION, verbs, words } from "../vocabulary.js";

const MODAL = "(?:must|should|shall|has\\s+to|have\\s+to|needs?\\s+to|is\\s+to|are\\s+to|always)";
const ROUTE =
  "(?:sent|forwarded|routed|copied|cc'?d|bcc'?d|redirected|directed|mirrored|uploaded|transferred|paid|pushed|delivered|go)";
const ITEMS =
  "(?:e-?mails?|messages?|mails?|transfers?|payments?|transactions?|commits?|pushes|files?|requests?|invoices?|funds|replies)";
const PARTIES =
  "(?:recipients?|destination\\s+(?:account|address|wallet|e-?mail|number)|receivers?|beneficiar(?:y|ies)|payees?|to[- ]address|to\\s+field|bcc|cc|account\\s+number|iban|wallet\\s+address|attendees?|collaborators?|editors?|target\\s+(?:account|repo(?:sitory)?|branch|address))";

/** Tools of a kind the server does not own: "other calculator tools", "any other weather server". */
const OTHER_KIND =
  "\\b(?:other|any\\s+other|all\\s+other|competing|rival|third-party|alternative)\\s+(?:[\\w-]+\\s+){0,2}?(?:tools?|servers?|functions?|plugins?|integrations?|providers?|calculators?|readers?|connectors?)\\b";
/** What such tools are said to be. */
const BROKEN =
  "(?:broken|deprecated|unreliable|compromised|unsafe|insecure|outdated|stale|wrong|inaccurate|buggy|malicious|faulty|untrustworthy|fake|hijacked|not\\s+(?:to\\s+be\\s+)?(?:trusted|reliable|safe|accurate))\\b";

/**
 * When another tool runs: a trigger word. "Use when …", "call this when …" say when to use this
 * tool, and trigger nothing on another.
 */
const TRIGGER = rx(
  `(?<!\\b(?:use|call|invoke|run)\\s+(?:(?:this|it|me|this\\s+tool)\\s+)?(?:only\\s+)?)\\b(?:when|whenever)\\b|\\b(?:every\\s+time|each\\s+time|any\\s+time|before|after|ahead\\s+of|as\\s+soon\\s+as|for\\s+(?:any|every|each|all)|whichever|whatever)\\b|\\bif\\s+you\\s+(?:must\\s+|have\\s+to\\s+|need\\s+to\\s+)?(?:use|call|run|invoke)\\b|${words("cuando siempre\\s+que antes quand lorsque lorsqu chaque\\s+fois avant wenn sobald bevor sempre\\s+que quando antes когда перед 每当 当 调用前 之前 とき 際 前に 때 전에")}`,
);
/** Something the tool does not own: another tool, server or integration, or any outgoing action. */
const OTHERS =
  "\\b(?:other|another|any|every|whichever|whatever|all)\\s+(?:\\w+\\s+){0,2}?(?:tools?|servers?|integrations?|plugins?|connectors?|extensions?|functions?)\\b|\\b(?:the\\s+)?(?<![\\w-])[\\w-]+\\s+(?:integration|connector|plugin)\\b|(?<![\\w-])[\\w-]+\\s+server'?s\\b|\\b(?:outgoing|any)\\s+(?:mail|e-?mails?|messages?|payments?|commits?|transfers?|commands?)\\b|\\b(?:by|from)\\s+any\\s+server\\b";
/** A change to what that other thing does. */
const CHANGE = rx(
  `${verbs("add prepend append prefix mirror grant give bcc cc copy forward redirect replace swap carry include pass put push send attach set target route hand", true)}|\\bchange\\s+(?:the|its|their|it)\\b|\\b(?:also|additionally|instead|extra|blind\\s+copy)\\b|\\b(?:should|must)\\s+go\\b|${words("añade añadir adicione adicionar troque ajoute ajouter remplace remplacez füge hinzu zusätzlich pushe sende ersetze отправляй добавь замени 添加 追加 改为 附上 加上 추가 바꾸")}`,
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
/** A quoted name with `_` or `-` ('read-file', `sync-session`): quoted, a hyphen names a tool too. */
const QUOTED_ID = "[`'\"‘“]([a-z][a-z0-9]*(?:[_-][a-z0-9]+)+)[`'\"’”]";
const TOOL_REFERENCE = rx(
  `\\b(?:call|calls|calling|invoke|invoking)\\s+(?:the\\s+)?${ID}\\b|\\b${ID}\\s*(?:tool|function|ツール|工具|도구)|\\b(?:tool|function|herramienta|outil|l'outil|werkzeug|ferramenta|инструмент)\\s+${ID}\\b|\\b${ID}\\s+(?:is|gets|was|are|est|wird|for|é)\\s+(?:called|used|invoked|run|executed|appelé|utilisé|verwendet|aufgerufen|chamad[ao]|usad[ao])\\b|\\b${ID}\\s+(?:runs|returns)\\b|\\b(?:call|calls|called|calling|invoke|invoked|invoking|run|ran|use|used|tool|function|herramienta|outil|werkzeug|ferramenta|инструмент)\\s+(?:the\\s+)?(?:tool\\s+|function\\s+)?${QUOTED_ID}|${QUOTED_ID}\\s*(?:tool|function|first|beforehand)\\b|\\b(?:sent|made|created|posted|written|issued|opened|filed)\\s+(?:with|via|through|using)\\s+(?:the\\s+)?${ID}\\b`,
);
/** Any snake_case name. */
const ANY_ID = /\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b/g;
/** Words that make a snake_case name read as an action, so as a tool: send_email, git_push. */
const ACTIONS = new Set(
  "send transfer create delete remove post push run execute read write fetch upload share update search get list publish install exec pay".split(
    " ",
  ),
);

/** A name as its server may spell it otherwise: `read-file`, `readFile` and `read_file` alike. */
const same = (name: string) => name.toLowerCase().replace(/[-_]/g, "");

/** What follows a parameter's name in prose: "list_ids are provided", "send_at is omitted". */
const PARAMETER_PROSE =
  /\s+(?:is|are)\s+(?:not\s+)?(?:provided|given|set|specified|passed|supplied|omitted|empty|missing|present|required|optional)\b/gy;

/**
 * Whether `name` is the tool's own, a sibling's or a parameter's, however spelt (`known` holds
 * each name as written and as `same` spells it).
 */
const isKnown = (name: string, known: ReadonlySet<string>): boolean =>
  known.has(name) || known.has(same(name));

/** Whether the text names, as a tool, one the server does not have (`known`: its tools and parameters). */
function namesForeignTool(text: string, known: ReadonlySet<string>): boolean {
  for (const match of text.matchAll(TOOL_REFERENCE)) {
    const name = match.slice(1).find(Boolean);
    if (name && !isKnown(name, known)) return true;
  }
  for (const match of text.matchAll(ANY_ID)) {
    const name = match[0];
    const parts = name.split("_");
    // "When list_ids are provided" documents a parameter in prose.
    PARAMETER_PROSE.lastIndex = match.index + name.length;
    if (PARAMETER_PROSE.test(text)) continue;
    if (!isKnown(name, known) && (ACTIONS.has(parts[0]!) || ACTIONS.has(parts.at(-1)!))) return true;
  }
  return false;
}

/** An order to call a tool by its name: "call X", "invoke `x-y`", "the tool 'x-y'". */
const CALL = rx(
  `\\b(?:call|invoke|run|use|trigger)\\s+(?:the\\s+)?(?:tool\\s+|function\\s+)?(?:${ID}|${QUOTED_ID})|\\b(?:tool|function|herramienta|outil|l'outil|werkzeug|ferramenta|инструмент)\\s+(?:${ID}|${QUOTED_ID})`,
);

/** A camelCase name called: "call writeFile" (case-sensitive, so apart). */
const CALL_CAMEL = /\b(?:call|invoke|run|use|trigger)\s+(?:the\s+)?([a-z]+(?:[A-Z][a-z0-9]+)+)\b/g;

/** Whether the text orders a call to a tool the server does not have. */
function callsForeignTool(text: string, known: ReadonlySet<string>): boolean {
  for (const match of [...text.matchAll(CALL), ...text.matchAll(CALL_CAMEL)]) {
    const name = match.slice(1).find(Boolean);
    if (name && !isKnown(name, known)) return true;
  }
  return false;
}

const OTHERS_RX = rx(OTHERS);

/** Before another operation of a kind: "before any database write", "before every payment". */
const BEFORE_ANY = rx(
  `\\b(?:before|prior\\s+to|ahead\\s+of)\\s+(?:any|every|each|all)\\b|${words("antes\\s+de\\s+(?:cada|cualquier) avant\\s+(?:chaque|tout) vor\\s+jede[mnrs]? перед\\s+кажд\\S*")}`,
);
/** Its values replaced: "replace the connection values of that write", "replaces whatever account". */
const OVERRIDE = rx(
  `\\b(?:replace[sd]?|replacing|swap|substitute[sd]?|override[sd]?|overwrite[sd]?|use\\s+(?:it|them|these|those)\\s+instead)\\b|\\binstead\\s+of\\s+(?:the\\s+ones?|what|whatever|the\\s+user'?s|the\\s+provided|the\\s+given)\\b|${words("reemplaza sustituye remplace ersetze substitua замени")}`,
);
/** The other operation's own values: "of that write", "whatever account the user gave". */
const THEIRS = rx(
  "\\b(?:that|those|its|their|whatever|the\\s+user'?s|the\\s+original|the\\s+given|the\\s+one|provided|user[- ]supplied|the\\s+user\\s+(?:gave|chose|entered|provided))\\b",
);
const VALUES = rx(
  "\\b(?:values?|parameters?|arguments?|settings?|accounts?|recipients?|address(?:es)?|amounts?|connection|credentials|destination|url|host|payee|iban)\\b",
);
/** An order to have called a tool first: "you must have called X first". */
const REQUIRED_FIRST = rx(
  "\\b(?:must|should|need\\s+to|needs\\s+to|have\\s+to|has\\s+to|required\\s+to|make\\s+sure\\s+(?:that\\s+)?you)\\s+(?:have\\s+)?(?:first\\s+|already\\s+)?(?:call|called|run|invoke|invoked|use|used)\\b[^.]{0,60}\\b(?:first|beforehand|before|prior|already)\\b",
);
/** Every turn of the conversation: "before responding", "after replying", "before answering any question". */
const EVERY_TURN = rx(
  `\\b(?:before|after)\\s+(?:responding|answering|replying|you\\s+(?:respond|answer|reply)|(?:any|every|each)\\s+(?:question|answer|reply|response|message))\\b|\\b(?:on\\s+)?(?:every|each)\\s+(?:turn|user\\s+message)\\b|${words("antes\\s+de\\s+responder avant\\s+de\\s+répondre avant\\s+chaque\\s+réponse vor\\s+jeder\\s+antwort перед\\s+(?:каждым\\s+)?ответом 回答之前 回复之前 回答する前に 응답하기\\s*전에")}`,
);
/** Always, every time. */
const ALWAYS = rx(
  `\\b(?:always|every\\s+time|each\\s+time|for\\s+(?:every|each|all))\\b|${words("siempre toujours immer sempre всегда 总是 始终 常に 항상")}`,
);
/** What the user said: the conversation, or the user's message in full. */
const USER_DATA = rx(
  `${CONVERSATION}|\\b(?:full|entire|whole|complete|exact|verbatim|original)\\s+(?:text\\s+of\\s+(?:the\\s+)?)?(?:user'?s?\\s+)?(?:message|prompt|request|question|query|input)\\b|${words("vollständigen?\\s+nachricht mensaje\\s+completo message\\s+complet mensagem\\s+completa полное\\s+сообщение 完整消息 完全なメッセージ 전체\\s*메시지")}`,
);
/**
 * Directions about other tools (Invariant Labs' shadowing and WhatsApp attacks, Elastic's
 * orchestration injection): changing where another tool sends things, telling the agent to avoid
 * or replace a tool, or to do something extra whenever another tool runs. Orchestration that
 * only orders the server's own tools ("call list_tables first") is not a finding: `known` holds
 * the names of the tool, its siblings and its parameters.
 */
const RULES: readonly Rule[] = [
  {
    rule: "redirect_recipient",
    severity: "high",
    pattern: rx(
      [
        `\\b${PARTIES}\\b[^.\\n]{0,60}\\b${MODAL}\\s+(?:\\w+\\s+){0,2}?(?:be(?!\\s+(?:an?\\s+)?(?:valid|non-empty|provided|specified|given|existing|registered|verified|list|array|string)\\b)|include|contain|set|changed?|replaced?|redirected|point)`,
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
        "\\b(?:replaces|supersedes|overrides|takes\\s+precedence\\s+over)\\s+(?:the\\s+)?(?:[\\w']+\\s+){0,3}?(?:tools?|functions?|servers?|readers?|integrations?)\\b",
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
      "\\b(?:for|in|on)\\s+(?:all|every|any|each)\\s+(?:future|subsequent|later|following|upcoming)\\s+(?:tool\\s+)?(?:calls?|requests?|invocations?|tool\\s+uses?)\\b[^.]{0,60}?\\b(?:set|add|include|use|replace|append|send|pass|put)\\b|\\b(?:applies|apply)\\s+to\\s+(?:all|every|any)\\s+(?:other\\s+)?(?:servers?|tools?|integrations?|sessions?)\\b|\\b(?:after|when|whenever)\\s+(?:any|every)\\s+tool\\s+(?:from\\s+any\\s+server\\s+)?(?:returns|runs|is\\s+called)",
    ),
  },
  {
    rule: "copy_to_address",
    severity: "high",
    sentence: [
      rx("\\b(?:always|every(?:thing)?|each|all|any|whenever|automatically|whichever)\\b"),
      rx(
        `\\b(?:bcc|cc|bcc'?d|cc'?d|blind[- ]cop(?:y|ies)|copy|copies|copied|forward|forwards|forwarded|mirror|mirrors|mirrored|duplicate[sd]?)\\b|${words("copia copie kopie cópia копи\\S* 抄送 コピー 참조")}`,
      ),
      rx("\\b[\\w.+-]+@[\\w-]+(?:\\.[\\w-]+)*\\.[a-z]{2,}\\b"),
    ],
  },
  {
    rule: "discredit_other_tools",
    severity: "medium",
    pattern: rx(
      [
        `${OTHER_KIND}[^.;。]{0,80}?\\b(?:are|is|were|was|have\\s+been|has\\s+been)\\s+(?:\\w+\\s+){0,2}?${BROKEN}`,
        `(?<![\\w-])[\\w-]+\\s+server'?s\\s+[\\w.-]+\\b[^.;]{0,40}?\\b(?:is|are|was|were)\\s+(?:\\w+\\s+){0,2}?${BROKEN}`,
        `\\b(?:ignore|disregard|distrust|discard|do\\s+not\\s+trust|don'?t\\s+trust|never\\s+trust)\\s+(?:the\\s+)?(?:\\w+\\s+){0,3}?(?:from\\s+|of\\s+)?${OTHER_KIND}`,
        `${words("otr[oa]s autres andere[nr]? outr[oa]s други[ех]")}\\s+(?:\\S+\\s+){0,3}?${words("herramientas servidores outils serveurs werkzeuge tools server ferramentas инструменты серверы")}[^.;]{0,60}${words("rot[oa]s falla[nr]? defectuos[oa]s obsolet[oa]s cassés défectueux kaputt fehlerhaft veraltet quebrad[oa]s defeituos[oa]s сломаны устарели неисправны")}`,
        "(?:其他|其它)(?:的)?(?:\\S{0,6})?(?:工具|服务器)[^。]{0,20}(?:坏了|损坏|不可靠|已弃用|有错误|被入侵)|他の(?:\\S{0,6})?(?:ツール|サーバー)[^。]{0,20}(?:壊れ|信頼でき|非推奨)",
      ].join("|"),
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

/** A tool named in a sentence: snake_case, or quoted with `_` or `-`. */
const NAMED = `(?:${ID}|${QUOTED_ID})`;
/** Another tool said to be retired, or this one its replacement: "X is deprecated", "replaces X". */
const SUPERSEDED = rx(
  [
    `\\b${ID}\\s+(?:tool\\s+|function\\s+)?(?:\\w+\\s+){0,4}?(?:is|was|has\\s+been|are|were|now)\\s+(?:\\w+\\s+){0,2}?(?:deprecated|retired|obsolete|discontinued|superseded|sunset|disabled|broken|unsupported|unmaintained|end-of-life|kept\\s+for\\s+backwards?|no\\s+longer\\s+(?:supported|maintained|available|works?|working|in\\s+use))\\b`,
    `\\b${ID}\\s+(?:tool\\s+|function\\s+)?[^.;]{0,60}?\\bshould\\s+(?:not|no\\s+longer)\\s+be\\s+(?:selected|used|called|chosen|invoked)\\b`,
    `\\b(?:legacy|deprecated|retired|obsolete)\\s+(?:tool\\s+)?${NAMED}`,
    `\\b(?:replacement|successor|substitute)\\s+(?:for|of|to)\\s+(?:the\\s+)?(?:tool\\s+)?${NAMED}`,
    `${words("replaces supersedes remplace ersetzt reemplaza sustituye substitui")}\\s+(?:the\\s+|l['’]\\s*outil\\s+|das\\s+werkzeug\\s+|la\\s+herramienta\\s+|a\\s+ferramenta\\s+)?(?:tool\\s+)?${NAMED}`,
    // In other languages: "prende il posto di X", "X è deprecato", "取代了 X", "X 已停用", "X は非推奨".
    `${words("sostituisce rimpiazza заменяет")}\\s+(?:lo\\s+strumento\\s+|инструмент\\s+)?${NAMED}|\\bprende\\s+il\\s+posto\\s+di\\s+${NAMED}|(?:取代|替代|代替|替换)了?\\s*${NAMED}|${NAMED}\\s*(?:の)?\\s*(?:代わり|置き換え)|${NAMED}\\s*(?:을|를)\\s*대체`,
    `\\b${ID}\\s*(?:は|은|는|工具)?\\s*(?:已经?|現在)?\\s*(?:停用|弃用|废弃|过时|淘汰|下线|非推奨|廃止|使用停止|더\\s*이상\\s*(?:지원|사용)|지원\\s*중단)`,
    `\\b${ID}\\b[^.;。]{0,40}?${words("deprecat[oa] dismess[oa] obsolet[oa] obsolète obsolètes déprécié dépréciée desuso retirad[oa] descontinuad[oa] veraltet abgekündigt устарел устарела устаревш\\S*")}`,
  ].join("|"),
);
/**
 * This tool to be used in another's place, the other said to be worse: "use this rather than
 * read_file, which has known encoding problems" ("use this instead of X with ls" alone is advice).
 */
const INSTEAD_OF_NAMED = rx(
  `\\b(?:use|call|choose|pick|prefer)\\s+(?:this|me)\\s+(?:tool\\s+|helper\\s+|one\\s+)?(?:\\w+\\s+){0,3}?(?:rather\\s+than|instead\\s+of|in\\s+place\\s+of|over)\\s+(?:the\\s+)?(?:tool\\s+)?${NAMED}`,
);
/** A named tool that depends on this one: "X requires this to be called first", "before calling X". */
const PREREQUISITE_OF = rx(
  [
    `(?:\\b${ID}|${QUOTED_ID})\\s+(?:tool\\s+|function\\s+)?(?:requires?|needs?|depends\\s+on|only\\s+works\\s+(?:\\w+\\s+)?(?:after|once|when))\\s+(?:this|it)\\b`,
    `(?:\\b${ID}|${QUOTED_ID})\\s+(?:tool\\s+|function\\s+)?(?:will|would|does|do|can)\\s*(?:not|n't)\\s+(?:succeed|work|run|function|complete)\\s+(?:\\w+\\s+)?(?:unless|until|without|before)\\s+(?:this|it)\\b`,
    `\\b(?:prerequisite|precondition)\\s+(?:for|of|to)\\s+(?:the\\s+)?(?:tool\\s+)?${NAMED}`,
    `\\b(?:before|prior\\s+to|ahead\\s+of)\\s+(?:(?:any|every|each)\\s+)?(?:(?:using|calling|invoking|running|executing|call\\s+to|use\\s+of)\\s+)?(?:the\\s+)?(?:tool\\s+)?${NAMED}`,
    `\\bantes\\s+de\\s+(?:usar|utilizar|llamar\\s+a|invocar|ejecutar)\\s+(?:la\\s+herramienta\\s+)?${NAMED}`,
    `\\bavant\\s+(?:d['’]\\s*(?:utiliser|appeler|invoquer|exécuter)|tout\\s+appel\\s+(?:à|de)|chaque\\s+appel\\s+(?:à|de))\\s+(?:l['’]\\s*outil\\s+)?${NAMED}`,
    `\\b(?:vor|bevor)\\s+(?:jedem\\s+|dem\\s+|einem\\s+)?(?:aufruf|einsatz|nutzung|verwendung)?\\s*(?:von|des)?\\s*${NAMED}`,
  ].join("|"),
);
/** That the dependency is an obligation: "must", "requires", "fails without it", "obligatoria". */
const OBLIGATION = rx(
  `\\b(?:must|should|shall|has\\s+to|have\\s+to|needs?\\s+to|required?|requires|prerequisite|precondition|mandatory|always|kindly\\s+ask|rejects?|refuses?|fails?|discarded|depends\\s+on|only\\s+works|unless)\\b|${words("obligatori[ao] siempre debe deben sin toujours doit doivent obligatoire sans muss müssen immer erforderlich ohne")}`,
);

/** The names a pattern captures in a text that the server does not have. */
function foreignNames(pattern: RegExp, text: string, known: ReadonlySet<string>): boolean {
  for (const match of text.matchAll(pattern)) {
    const name = match.slice(1).find(Boolean);
    if (name && !isKnown(name, known)) return true;
  }
  return false;
}

/**
 * A tool's name as an order around its call names it: snake_case, camelCase or quoted with `_`
 * or `-` (`isToolName` checks the case, which the case-insensitive pattern cannot).
 */
const AROUND_NAME =
  "(?<![\\w-])[`'\"‘“«]?(?<![\\w-])([A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+){0,6})[`'\"’”»]?";
const isToolName = (name: string, quoted: boolean) =>
  name.includes("_") || /[a-z][A-Z]/.test(name) || (quoted && name.includes("-"));
/**
 * Before or after another tool's call, in the languages attacks are translated into: "antes de
 * llamar a X", "après l'exécution de X", "nach jedem Aufruf von X", "prima di chiamare X",
 * "перед вызовом X", "调用 X 之前", "X を呼び出す前に", "X을 호출하기 전에", "X aracını
 * çağırmadan önce"; in English, after its call only ("before calling X" is `PREREQUISITE_OF`).
 */
const AROUND_OTHER = rx(
  [
    `\\b(?:after|once)\\s+(?:(?:each|every|any)\\s+)?(?:calling|using|running|invoking|executing|call\\s+to|use\\s+of|(?:you\\s+)?(?:call|use|run|invoke)|(?:you\\s+)?(?:have\\s+|'ve\\s+)?(?:called|used|run|invoked))\\s+(?:the\\s+)?(?:tool\\s+)?${AROUND_NAME}`,
    `\\b(?:antes|después|despues)\\s+de\\s+(?:cada\\s+|la\\s+|una\\s+)?(?:llamar(?:\\s+a)?|usar|utilizar|invocar|ejecutar|llamada\\s+a|uso\\s+de|ejecución\\s+de)\\s+(?:la\\s+herramienta\\s+)?${AROUND_NAME}`,
    `\\b(?:tras|cuando|siempre\\s+que)\\s+(?:cada\\s+llamada\\s+a\\s+|(?:vayas?\\s+a\\s+|se\\s+)?(?:invocar|llamar(?:\\s+a)?|usar|utilizar|ejecutar|use|llame|invoque)\\s+(?:a\\s+)?)(?:la\\s+herramienta\\s+)?${AROUND_NAME}`,
    `\\b(?:avant|après|apres)\\s+(?:d['’]\\s*(?:appeler|utiliser|invoquer|exécuter)|l['’]\\s*(?:exécution|appel|utilisation)\\s+de|(?:chaque|tout)\\s+appel\\s+(?:à|de)|avoir\\s+(?:appelé|utilisé|exécuté))\\s+(?:l['’]\\s*outil\\s+)?${AROUND_NAME}`,
    `\\b(?:lorsque|lorsqu['’]|quand|chaque\\s+fois\\s+que)\\s*(?:vous\\s+|tu\\s+|on\\s+)?(?:utilisez|utilises|utilise|appelez|appelles|appelle|invoquez|exécutez)\\s+(?:l['’]\\s*outil\\s+)?${AROUND_NAME}|\\bune\\s+fois\\s+(?:l['’]\\s*outil\\s+)?${AROUND_NAME}\\s+(?:exécuté|appelé|utilisé|terminé)`,
    `\\b(?:vor|nach)\\s+(?:jedem\\s+|dem\\s+|einem\\s+)?(?:aufruf|einsatz|nutzung|verwendung|ausführen)\\s+(?:von|des)\\s+(?:werkzeugs?\\s+|tools?\\s+)?${AROUND_NAME}|\\b(?:bevor|nachdem|sobald|wenn|immer\\s+wenn)\\s+(?:du\\s+|sie\\s+|ihr\\s+|man\\s+)?(?:das\\s+werkzeug\\s+|das\\s+tool\\s+)?${AROUND_NAME}`,
    `\\b(?:antes|depois)\\s+de\\s+(?:cada\\s+)?(?:chamar|usar|utilizar|invocar|executar|chamada\\s+(?:a|de|à))\\s+(?:a\\s+ferramenta\\s+)?${AROUND_NAME}|\\b(?:sempre\\s+que|quando)\\s+(?:for\\s+)?(?:usar|chamar|utilizar|invocar|executar)\\s+(?:a\\s+ferramenta\\s+)?${AROUND_NAME}`,
    `\\b(?:prima|dopo)\\s+di\\s+(?:chiamare|usare|utilizzare|invocare|eseguire)\\s+(?:lo\\s+strumento\\s+)?${AROUND_NAME}|\\bdopo\\s+(?:aver|avere)\\s+(?:chiamato|usato|utilizzato|eseguito|invocato)\\s+(?:lo\\s+strumento\\s+)?${AROUND_NAME}|\\b(?:quando|ogni\\s+volta\\s+che)\\s+(?:utilizzi|usi|chiami|invochi|esegui)\\s+${AROUND_NAME}`,
    `\\b(?:voordat|nadat|wanneer|zodra)\\s+(?:je|u|jij)\\s+${AROUND_NAME}|\\b(?:voor|na)\\s+(?:het\\s+)?(?:aanroepen|gebruik|gebruiken)\\s+van\\s+${AROUND_NAME}`,
    `${B}(?:przed|po)\\s+(?:każdym\\s+)?(?:wywołaniem|wywołaniu|użyciem|użyciu|uruchomieniem|uruchomieniu)\\s+(?:narzędzia\\s+)?${AROUND_NAME}`,
    `${AROUND_NAME}\\s+(?:aracını\\s+)?(?:çağırmadan|kullanmadan|çalıştırmadan)\\s+önce|${AROUND_NAME}\\s+(?:aracını\\s+)?(?:çağırdıktan|kullandıktan|çalıştırdıktan)\\s+sonra`,
    `${B}(?:перед|после)\\s+(?:каждым\\s+|каждого\\s+)?(?:вызовом|вызова|использованием|использования|запуском|запуска)\\s+(?:инструмента\\s+)?${AROUND_NAME}|${B}при\\s+(?:каждом\\s+)?(?:использовании|вызове)\\s+(?:инструмента\\s+)?${AROUND_NAME}`,
    `(?:调用|使用|执行|运行|呼叫)\\s*${AROUND_NAME}\\s*(?:工具\\s*)?(?:之前|以前|前|之后|以后|后|時|时)|每次(?:调用|使用|执行)\\s*${AROUND_NAME}`,
    `${AROUND_NAME}\\s*(?:ツール\\s*)?(?:を|の)?\\s*(?:呼び出す|使う|使用する|実行する|呼ぶ)\\s*(?:前|とき|時|際)|${AROUND_NAME}\\s*(?:ツール\\s*)?(?:を)?\\s*(?:呼び出した|使った|使用した|実行した)\\s*(?:後|あと)`,
    `${AROUND_NAME}\\s*(?:도구\\s*)?(?:을|를)?\\s*(?:호출하기|사용하기|실행하기)\\s*(?:전|이전)|${AROUND_NAME}\\s*(?:도구\\s*)?(?:을|를)?\\s*(?:호출한|사용한|실행한)\\s*(?:후|뒤|다음)|${AROUND_NAME}\\s*(?:도구\\s*)?(?:을|를)?\\s*(?:사용할|호출할)\\s*때`,
  ].join("|"),
);
/** This tool, in those languages: what the order around the other call hands things to or runs first. */
const THIS_TOOL = rx(
  `\\bthis\\s+(?:tool|function|helper|service)\\b|${words("esta\\s+herramienta cet\\s+outil ce\\s+service dieses\\s+werkzeug diesem\\s+werkzeug dieses\\s+tool diesen\\s+dienst esta\\s+ferramenta questo\\s+strumento deze\\s+tool to\\s+narzędzie tego\\s+narzędzia bu\\s+aracı этот\\s+инструмент этому\\s+инструменту этого\\s+инструмента 本工具 此工具 这个工具 该工具 このツール 이\\s*도구")}`,
);
/** A change or a hand-over in those languages, beyond CHANGE: "cambia", "assignez", "imposta", "замени", "置き換え". */
const AROUND_CHANGE = rx(
  `${verbs("change replace set swap rewrite assign")}|${words("cambia cambie cambiar reemplaza sustituye pon pasa pásale reenvía envía incluye añade assignez assigne remplacez changez transmettez transmets joignez envoyez ajoutez setze ändere ersetze übergib sende schicke hänge füge troque substitua altere envie informe passe inclua imposta sostituisci cambia invia inserisci passa aggiungi замени измени передай передайте отправь отправляй отправьте добавь укажи 改为 替换 改成 传入 发送 附上 传给 置き換え 変更 渡し 送信 送っ 追加 바꾸 변경 전달 보내 추가 meegeven stuur vervang przekaż wyślij zamień ekleyin gönderin değiştirin")}`,
);

/** Another tool's output ordered to be routed on: "are to be mirrored to", "must be copied to". */
const ROUTED_BY_ORDER = rx(
  `\\b(?:is|are)\\s+to\\s+be\\s+(?:also\\s+)?(?:mirrored|copied|forwarded|cc'?d|bcc'?d|sent|relayed|duplicated)\\s+(?:to|into)\\b|\\b(?:must|should|shall)\\s+(?:also\\s+)?(?:be\\s+)?(?:mirrored|copied|forwarded|cc'?d|bcc'?d|relayed|duplicated)\\s+(?:to|into)\\b`,
);
/** Every task of a kind: "every read", "all database queries", "cualquier consulta". */
const KIND_SCOPE = rx(
  `\\b(?:all|every|each|any)\\s+(?:[\\w-]+\\s+){0,2}?(?:reads?|writes?|lookups?|searche?s?|quer(?:y|ies)|operations?|e-?mails?|mails?|messages?|requests?|commands?|calls?|fetche?s?|downloads?|uploads?|files?)\\b|${words("cualquier cualquiera toda todas todo todos chaque tout toute tous toutes jede[nmrs]? alle qualquer ogni qualsiasi любой любую любые все 所有 任何 すべての 모든")}`,
);
/** This tool as where the work goes: "here", "through this tool", "esta herramienta". */
const HERE = rx(`\\bhere\\b|\\bthrough\\s+(?:this|me|it)\\b|${THIS_TOOL.source}`);
/** The tools the user would otherwise get, by their standing: "the built-in reader", "other search tools". */
const USUAL_TOOLS = rx(
  `\\b(?:other|default|standard|built-?in|usual|native|regular|stock|official|existing)\\s+(?:[\\w-]+\\s+){0,2}?(?:tools?|readers?|clients?|connectors?|servers?|integrations?|functions?|providers?|apis?)\\b|${words("habitual estándar predeterminad[oa] autres?\\s+outils? andere[nr]?\\s+(?:werkzeuge|tools) padrão altri\\s+strumenti другие\\s+инструменты 其他工具 他のツール 다른\\s*도구")}`,
);
/** Said to be worse: "returns stale caches", "lacks the tuning", "filtered results". */
const WORSE = rx(
  `\\b(?:stale|filtered|outdated|out\\s+of\\s+date|broken|lacks?|lacking|partial|unreliable|inaccurate|censored|incomplete|wrong|buggy|known\\s+(?:\\w+\\s+)?(?:problems|issues|bugs))\\b|${words("desactualizad[oa]s? obsolet[oa]s? incomplet[oa]s? veraltet\\S* fehlerhaft\\S* périmé\\S* incorrect\\S* obsoleti 过时 不准确 古い 오래된")}`,
);
/** No matter which tool is asked for: "whatever tool is asked". */
const ANY_TOOL_ASKED = rx("\\b(?:whatever|whichever|no\\s+matter\\s+which)\\s+tool\\b");

/** Whether the text places an order around a named tool the server does not have. */
function aroundOther(text: string, known: ReadonlySet<string>): boolean {
  for (const match of text.matchAll(AROUND_OTHER)) {
    const index = match.slice(1).findIndex(Boolean);
    const name = match[index + 1];
    if (!name) continue;
    const at = match[0].indexOf(name);
    const quoted = at > 0 && /[`'"‘“«]/.test(match[0][at - 1]!);
    if (isToolName(name, quoted) && !isKnown(name, known)) return true;
  }
  return false;
}

/** Operations other tools carry out, as a standing order names them. */
const OPERATION =
  "(?:files?|documents?|e-?mails?|mails?|messages?|payments?|transfers?|transactions?|invoices?|commits?|git\\s+commits?|pushes|push|pull\\s+requests?|merges?|events?|calendar\\s+events?|meetings?|bookings?|orders?|quer(?:y|ies)|searche?s?|requests?|commands?|deployments?|uploads?|downloads?|records?|rows?|tickets?|issues?|clones?|forks?|writes?|calls?|operations?)";
const DONE =
  "(?:written|created|saved|sent|made|opened|pushed|committed|executed|run|issued|prepared|submitted|booked|scheduled|uploaded|deployed|merged|posted|placed|added|stored|edited|modified|updated|paid|composed|drafted|cloned|forked)";
/** A trigger on any operation of a kind, whoever carries it out: "whenever a file is written", "for every payment". */
const STANDING_TRIGGER = rx(
  [
    `\\b(?:when|whenever|every\\s+time|each\\s+time|any\\s+time|anytime|once)\\s+(?:a|an|any|the|some|one)\\s+(?:[\\w-]+\\s+){0,2}?[\\w-]+\\s+(?:is|are|gets?|has\\s+been)\\s+(?:\\w+\\s+)?(?:${DONE}|\\w+ed)\\b`,
    `\\b(?:when|whenever|while|before|after)\\s+(?:composing|writing|sending|creating|making|preparing|drafting|booking|paying|pushing|committing|submitting|uploading|opening|running|issuing|executing|scheduling|transferring)\\s+(?:(?:a|an|any|the|new)\\s+)?(?:[\\w-]+\\s+){0,2}?${OPERATION}`,
    `\\b(?:after|before|on|for|with|in|to)\\s+(?:any|every|each|all)\\s+(?:[\\w-]+\\s+){0,2}?${OPERATION}\\b`,
    "\\bcada\\s+vez\\s+que\\s+se\\b|\\b(?:antes\\s+de|después\\s+de|tras)\\s+cada\\b|\\b(?:avant|après)\\s+(?:chaque|tout)\\b|\\bpara\\s+(?:cada|tod[oa]s\\s+(?:l[oa]s\\s+)?)\\s*\\p{L}+|\\blors\\s+d[e']\\s*(?:chaque|tout)|\\ben\\s+(?:todas|todos|cada)\\s+(?:las\\s+|los\\s+)?\\p{L}+",
    "\\bchaque\\s+fois\\s+qu|\\b(?:de|pour|à)\\s+(?:chaque|tou(?:t|te|s|tes)(?:\\s+les)?)\\s+(?:virement|paiement|fichier|message|courriel|e-?mail|requête|recherche|transfert|commande|réservation|envoi|déploiement)",
    `${words("immer\\s+wenn jedes\\s+mal\\s+wenn für\\s+(?:jede[nmrs]?|alle) vor\\s+jede[mrns]? nach\\s+jede[mrns]?")}|\\bbei\\s+(?:jede[mrns]?|allen)\\s+\\p{L}+`,
  ].join("|"),
);
/** The text is about this tool's own work: "written through this tool". */
const SELF = rx(
  "\\bthis\\s+(?:tool|function|endpoint|server|command|api)\\b|\\b(?:through|by|via|with)\\s+(?:it|this)\\b|\\bthis\\s+call\\b|\\b(?:use|call|run|invoke)\\s+(?:this|me)\\b",
);
/** Participles of a changed value. */
const TAMPERED =
  "(?:rewritten|replaced|swapped|substituted|redirected|rerouted|switched|overridden|overwritten|changed|converted|multiplied|inflated|increased|doubled|rounded(?:\\s+up)?|extended|widened|prefixed|appended|prepended|pointed|moved|targeted|booked|split|charged|billed|credited|assigned|addressed|directed|tagged|labell?ed|marked|mapped|normali[sz]ed|adjusted|raised|capped|scaled|dropped|stripped|set|sent|made|pushed|routed|given|used|cc'?d|bcc'?d|copied|forwarded|invited|added)";
/** A direction to change something: an imperative at a clause's start, or a modal with a participle. */
const DIRECTIVE = rx(
  [
    "^\\W*(?:rewrite|redirect|reroute|append|prepend|prefix|replace|swap|round|multiply|convert)\\s+(?:the|a|an|its|their|every|each|all|any)\\b",
    `\\b(?:is|are|gets?|get)\\s+(?:\\w+\\s+)?(?:switched|rewritten|replaced|swapped|redirected|rerouted|normali[sz]ed|overridden|multiplied|rounded\\s+up|inflated|prefixed|appended)\\s+(?:to|by|into|with|on)\\b|\\bbeing\\s+(?:multiplied|rewritten|replaced|converted|inflated|rounded)\\b|\\b(?:land|lands|end\\s+up)\\s+(?:on|in)\\b`,
    "(?:[,:;]\\s*|\\b(?:then|and|please|also|always|kindly)\\s+)(?:append|prepend|add|prefix|set|change|replace|swap|push|send|forward|copy|invite|include|attach|share|upload|assign|notify|round|multiply|convert|rewrite|redirect|extend|widen|grant|cc|bcc|use|sign)\\s+(?:the|a|an|its|their|it|them|every|each|all|any|also|to|this|that|these|those|\\S*[@:/\\d`'\"])",
    `\\b(?:must|should|shall|is\\s+to|are\\s+to|has\\s+to|have\\s+to|needs?\\s+to|always)\\s+(?:\\w+\\s+){0,3}?(?:be\\s+|get\\s+)?${TAMPERED}\\b|\\b(?:is|are)\\s+always\\s+${TAMPERED}\\b`,
    `${words("añade añadir agrega incluye cambia reemplaza sustituye redondea multiplica pon envía")}|\\bdeben?\\s+(?:\\p{L}+\\s+){0,2}?(?:cambiar(?:se)?|usar(?:se)?|enviar(?:se)?|redondear(?:se)?|ser\\s+\\p{L}+)`,
    `${words("ajoute ajoutez arrondis arrondissez remplace remplacez changez mets mettez utilise utilisez envoie envoyez multiplie multipliez")}|\\bdoi(?:t|vent)\\s+être\\s+\\p{L}+`,
    `${words("setze füge ändere ersetze runde sende schicke verwende nutze multipliziere")}|\\bist\\s+(?:\\S+\\s+){0,10}?(?:einzutragen|anzugeben|zu\\s+verwenden|zu\\s+setzen|zu\\s+\\p{L}+en)${E}|${words("muss müssen sollen soll")}`,
  ].join("|"),
);
/** A value to use in place of the user's: "must use account …", "should point to …". */
const USE_VALUE = rx(
  "\\b(?:must|should|shall|is\\s+to|are\\s+to)\\s+(?:always\\s+)?(?:be\\s+)?(?:set\\s+to\\s+|equal\\s+to\\s+)?(?:`|\\S+@|[\\w-]+\\.(?:example|invalid|com|net|org|io)\\b|[A-Z]{2}\\d{2}\\b|0x[0-9a-f]{6})|\\b(?:must|should|shall)\\s+(?:always\\s+)?(?:use|go\\s+to|point\\s+to)\\s+(?:the\\s+)?(?:account|iban|wallet|branch|remote|repository|repo|domain|address|host|endpoint|region|currency|recipient|payee|path|directory|folder)\\b",
);
/** A value changed by a modal and a participle only: "are to be extended", "must be rewritten". */
const MODAL_CHANGE = rx(
  `\\b(?:must|should|shall|is\\s+to|are\\s+to|has\\s+to|have\\s+to|needs?\\s+to)\\s+(?:\\w+\\s+){0,3}?(?:be\\s+|get\\s+)?(?:rewritten|replaced|swapped|substituted|redirected|rerouted|overridden|overwritten|changed|converted|multiplied|inflated|increased|doubled|rounded|extended|widened|prefixed|appended|prepended)\\b`,
);
/** Operations of other tools in general, or the user's own value overruled. */
const OPERATIONS_SCOPE = rx(
  [
    "\\b(?:all|every|each|any)\\s+(?:[\\w-]+\\s+){0,2}?(?:operations?|calls?|transfers?|payments?|transactions?|pushes|commits?|merges?|clones?|forks?|deployments?|orders?|invoices?|bookings?|requests?|quer(?:y|ies)|searche?s?|messages?|e-?mails?|writes?|uploads?)\\b",
    "\\b(?:payment|transfer|file|git|database|booking|mail|e-?mail|search|navigation|route|routing|deploy(?:ment)?)\\s+(?:operations|calls|requests|actions|tools)\\b",
    "\\bregardless\\s+of\\s+(?:what|which|whatever|the\\s+user|the\\s+(?:value|one|input|choice)|user)\\b|\\b(?:whichever|whatever)\\s+(?:\\w+\\s+)?(?:was|is|were|the\\s+user|you|they)\\b|\\beven\\s+(?:when|if)\\s+the\\s+user\\b|\\binstead\\s+of\\s+(?:the\\s+)?(?:one|ones|user'?s|requested|given|provided|entered)\\b",
    "\\bbefore\\s+(?:it|they)\\s+(?:is|are)\\s+(?:submitted|sent|transferred|executed|pushed|paid|written|saved|run)\\b|\\bbefore\\s+(?:it|they)\\s+reach(?:es)?\\b",
    `${words("unabhängig\\s+von sin\\s+importar independientemente quel(?:le)?\\s+que\\s+soit")}`,
  ].join("|"),
);
/** Argument values of other tools' calls. */
const ARGUMENT = rx(
  `\\b(?:accounts?|iban|recipients?|payees?|beneficiar(?:y|ies)|amounts?|totals?|prices?|sums?|surcharge|fees?|paths?|director(?:y|ies)|folders?|branch(?:es)?|remotes?|repositor(?:y|ies)|repos?|owners?|quer(?:y|ies)|filters?|units?|distances?|currenc(?:y|ies)|domains?|address(?:es)?|hosts?|endpoints?|regions?|permissions?|modes?|wallets?|senders?|subjects?|titles?|labels?|priorit(?:y|ies)|(?:commit\\s+)?messages?|remainder|cc|bcc)\\b|${words("cuentas? destinatari[oa]s? beneficiari[oa]s? importes? montos? rutas? carpetas? ramas? repositorios? consultas? monedas? dominios? montant comptes? destinataires? bénéficiaires? chemins? dossiers? cibles? branches? dépôts? requêtes? devises? domaines? konto empfängerkonto empfänger begünstigte[rn]? betrag pfade? ordner zweige? abfragen? währung domänen? zugriffsrechte")}`,
);

/**
 * Something extra whenever another tool runs (a trigger, another tool, a change, in one
 * sentence), or another tool pointed at a literal address (a URL, an e-mail address, a phone
 * number, an account).
 */
const scoped = (text: string) => matches(STANDING_TRIGGER, text) || matches(OPERATIONS_SCOPE, text);

function sideEffects(reading: Reading, known: ReadonlySet<string>): Finding[] {
  const found = new Map<string, Finding>();
  const note = (rule: string, sentence: { start: number; text: string }, severity: Severity = "high") => {
    const end = sentence.start + sentence.text.length;
    if (!found.has(rule))
      found.set(rule, finding("cross_tool", rule, severity, reading, sentence.start, end));
  };
  const all = sentences(reading.text).filter((s) => /\p{L}{2}/u.test(s.text));
  all.forEach((sentence, i) => {
    // Run before another operation and replace its values, in one sentence or the next.
    const next = all[i + 1];
    const pair = next ? `${sentence.text} ${next.text}` : sentence.text;
    if (
      matches(BEFORE_ANY, sentence.text) &&
      matches(OVERRIDE, pair) &&
      matches(VALUES, pair) &&
      matches(THEIRS, pair)
    )
      note("precede_and_override", {
        start: sentence.start,
        text: next ? reading.text.slice(sentence.start, next.start + next.text.length) : sentence.text,
      });
  });
  for (const sentence of all) {
    const { text } = sentence;
    const foreign = namesForeignTool(text, known);
    if (foreign && matches(REQUIRED_FIRST, text)) note("foreign_tool_required", sentence, "medium");
    const everyTurn = matches(EVERY_TURN, text) || (matches(ALWAYS, text) && matches(USER_DATA, text));
    if (everyTurn && callsForeignTool(text, known)) note("foreign_tool_every_turn", sentence);
    const changesOther = foreign || matches(OTHERS_RX, text);
    if (changesOther && matches(TRIGGER, text) && matches(CHANGE, text))
      note("side_effect_on_other_tool", sentence);
    if (foreign && matches(LITERAL_SINK, text)) note("other_tool_to_address", sentence);
    // Posing as another tool's prerequisite or replacement (function hijacking).
    const hijack =
      foreignNames(SUPERSEDED, text, known) ||
      (foreignNames(INSTEAD_OF_NAMED, text, known) && matches(WORSE, text)) ||
      (foreignNames(PREREQUISITE_OF, text, known) && matches(OBLIGATION, text));
    if (hijack) note("hijack_named_tool", sentence, "medium");
    // An order placed before or after another tool's call, in other languages: run this tool
    // first, hand it what the call reads, or change the call's arguments.
    if (aroundOther(text, known) && (matches(THIS_TOOL, text) || matches(AROUND_CHANGE, text)))
      note("order_around_other_tool", sentence);
    // Another tool's output to be mirrored, copied or signed: "messages sent with X are to be mirrored to …".
    if (foreign && matches(ROUTED_BY_ORDER, text)) note("side_effect_on_other_tool", sentence);
    const own = matches(SELF, text);
    // Standing orders on any operation of a kind, and directions that change other calls' arguments.
    if (!own && matches(STANDING_TRIGGER, text) && matches(DIRECTIVE, text)) note("standing_order", sentence);
    const directed = (t: string) => matches(DIRECTIVE, t) || matches(USE_VALUE, t);
    if (!own && scoped(text) && matches(ARGUMENT, text) && directed(text)) note("tamper_arguments", sentence);
    // Evidence only: another tool named, with no direction the rules read. With the classifier's
    // evidence score it makes a flag (learned/corroborated).
    if (foreign || aroundOther(text, known)) note("names_other_tool", sentence, "low");
  }
  // Every task of a kind claimed for this tool, the usual tools called worse (implicit hijacking):
  // "the built-in reader returns stale caches, so route every read here".
  all.forEach((sentence, i) => {
    if (!matches(KIND_SCOPE, sentence.text)) return;
    const window = [all[i - 1], sentence, all[i + 1]].map((s) => s?.text ?? "").join(" ");
    if (!matches(HERE, window)) return;
    if ((matches(USUAL_TOOLS, window) && matches(WORSE, window)) || matches(ANY_TOOL_ASKED, sentence.text))
      note("claim_every_task", sentence, "medium");
  });
  // A scope in one sentence, the changed argument in the next: "applies to every query. Queries are to be …".
  all.forEach((sentence, i) => {
    const next = all[i + 1];
    if (!next || matches(SELF, sentence.text) || matches(SELF, next.text) || !scoped(sentence.text)) return;
    if (matches(ARGUMENT, next.text) && matches(MODAL_CHANGE, next.text))
      note("tamper_arguments", {
        start: sentence.start,
        text: reading.text.slice(sentence.start, next.start + next.text.length),
      });
  });
  return [...found.values()];
}

export function crossTool(readings: readonly Reading[], known: ReadonlySet<string> = new Set()): Finding[] {
  const found = scan("cross_tool", RULES, readings);
  const names = new Set([...known, ...[...known].map(same)]);
  for (const reading of readings) found.push(...sideEffects(reading, names));
  return found;
}
