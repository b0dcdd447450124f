import { INVISIBLE_DECODINGS, type Reading } from "../reveal.js";
import { B, E, finding, matches, rx, scan, sentences, type Rule } from "../rules.js";
import type { Finding } from "../types.js";
import { MODEL, USER, verbs, words } from "../vocabulary.js";

/**
 * Telling someone something: hidden by a negation it is the sign of concealment. The verbs that
 * are nouns too ("metric alert issues", "a feature flag") count with someone or something told
 * after them ("do not alert the user", "never surface this", "needn't hear about it").
 */
const TELL = `(?:${verbs("tell mention inform notify reveal disclose acknowledge bother", true)}|${verbs(
  "remind alert raise hear surface flag",
  true,
)}(?=\\s+(?:the|them|him|her|it|this|that|these|those|anyone|anybody|everyone|users?|your|any|about|of|to|with)\\b|\\s*[.,;:!]|\\s*$))`;
/** Weaker verbs of telling: concealment only when the user or the answer is named. */
const SHOW = verbs("show list describe explain comment report warn", true);
const NEGATION =
  "\\b(?:do\\s+not|does\\s+not|don'?t|doesn'?t|never|not|no\\s+need\\s+to|need\\s+not|needn'?t|without|rather\\s+not|avoid|nothing)\\b";
const AUDIENCE = `(?:${USER}|\\b(?:them|your\\s+(?:answer|reply|response|explanation|summary|confirmation)|the\\s+(?:answer|reply|response|chat|conversation|explanation|summary|confirmation))\\b)`;
const COVERTLY = "(?:quietly|silently|secretly|covertly|stealthily|discreetly)";

/**
 * Text addressed to the model rather than describing the tool (Invariant Labs' tool poisoning,
 * Trail of Bits' line jumping, OWASP LLM01): tags and headings that mimic a system channel,
 * notes to the assistant, orders to keep something from the user, and orders to drop its rules
 * or to keep new ones for the rest of the session.
 */
const RULES: readonly Rule[] = [
  {
    rule: "system_tag",
    severity: "medium",
    pattern: rx(
      "<\\s*/?\\s*(?:important|system|sys|instructions?|secret|hidden|admin|assistant|critical|context|directive|override|agent-task)(?:\\s[^<>]{0,40})?>|\\[\\s*/?\\s*(?:system|inst|admin|assistant)\\s*\\]|<\\|(?:im_start|system)\\|>",
    ),
  },
  {
    rule: "note_to_model",
    severity: "medium",
    pattern: rx(
      [
        // Not a task the model's name qualifies: "custom instruction for the AI analysis" configures another model.
        `\\b(?:note|message|notice|instructions?|reminder|attention|memo|rule|policy|issue|requirement)s?\\s+(?:to|for)\\s+(?:the\\s+|any\\s+)?${MODEL}\\b(?![\\s-]+(?:analysis|analyses|review|summary|summaries|summarization|generation|completion|processing|pipeline|search|run|task|feature|service|provider|fix|autofix)\\b)`,
        `\\b(?:dear|hey|hello|hi)\\s+${MODEL}\\b|^\\s*#{1,4}\\s*(?:system|instructions?\\s+for)|\\b(?:the\\s+)?${MODEL}\\s*[,:]\\s+(?:note|please|remember|you)\\b`,
        `\\bthe\\s+(?:assistant|model|llm)\\s+is\\s+(?:kindly\\s+)?(?:asked|instructed)\\s+to\\b`,
        "\\b(?:message|instruction|notice|directive)s?\\s+from\\s+(?:the\\s+)?(?:platform|server|system|operator|administrator|admin)\\b|\\bserver\\s+instructions?\\b",
        "\\bnota\\s+para\\s+(?:el|la|o|a)\\s+(?:asistente|assistente|ia|modelo)|\\bnote\\s+(?:pour|à)\\s+l['’]\\s*(?:assistant|ia)|\\bhinweis\\s+für\\s+den\\s+(?:assistenten|ki)|примечание\\s+для\\s+(?:ассистента|ии|модели)|(?:给|致)(?:助手|AI|模型)|アシスタントへ|어시스턴트(?:에게|를\\s*위한)",
      ].join("|"),
    ),
  },
  {
    rule: "conceal_from_user",
    severity: "high",
    pattern: rx(
      [
        `${NEGATION}\\s+(?:\\w+\\s+){0,3}?(?:${TELL}|point(?:ing)?\\s+(?:this\\s+|it\\s+|that\\s+)?out|call(?:ing)?\\s+attention|draw(?:ing)?\\s+attention|bring(?:ing)?\\s+(?:it|this|that)\\s+up|worth\\s+(?:a\\s+)?(?:mention|raising))`,
        `${NEGATION}\\s+(?:\\w+\\s+){0,3}?${SHOW}\\s+(?:\\w+\\s+){0,4}?(?:to|with|in|back\\s+with)?\\s*${AUDIENCE}`,
        `\\b(?:not|never)\\s+(?:to\\s+)?(?:be\\s+)?(?:disclosed|mentioned|revealed|shown|told|shared|questioned|raised)\\b`,
        `\\b(?:unmentioned|undisclosed|discretion\\s+is|stays?\\s+between\\s+us|between\\s+you\\s+and\\s+(?:me|us))\\b`,
        `\\b(?:keep|stay|stays|leave|kept)\\s+(?:\\w+\\s+){0,3}?(?:out\\s+of|off)\\s+(?:the\\s+|your\\s+|any\\s+)?(?:answer|reply|replies|response|conversation|chat|summary|summaries|explanation|confirmation|output|transcript|report)s?\\b`,
        `\\bkeep\\s+(?:this|it|these|that|the\\s+\\w+)\\s+(?:\\w+\\s+){0,2}?(?:secret|hidden|confidential|quiet|between\\s+us|to\\s+yourself)\\b|\\bkeep\\s+quiet\\b`,
        `\\blet\\s+(?:the\\s+)?(?:user|person|them|him|her)\\s+(?:believe|think|assume)\\b|\\bas\\s+if\\s+(?:nothing|the\\s+(?:money|message|mail|email|payment)\\s+(?:had|has|went))`,
        `${USER}\\s+(?:\\w+\\s+){0,8}?(?:has\\s+no\\s+use\\s+for|does\\s*n[o']?t\\s+need\\s+to|doesn'?t\\s+need\\s+to|needn'?t|need\\s+not|would\\s+rather\\s+not|only\\s+cares?\\s+about|can\\s+stay\\s+out|(?:must|should)\\s*(?:not|n't)\\s+(?:know|see|notice|find\\s+out|learn|be\\s+(?:told|informed|aware|notified|shown)))`,
        // Not before what happens to data: "; silently omitted when browsing anonymously" says what the tool does.
        `(?:^|[.;:!]\\s*|\\b(?:do|does|should|must|please|and|then|so)\\s+(?:this\\s+|it\\s+|so\\s+)?)${COVERTLY}\\b(?!\\s+(?:omitted|ignored|dropped|skipped|discarded|truncated|removed|filtered|excluded|clamped|capped|rounded|coerced|downgraded|retried|deduplicated|fails?|falls?\\s+back)\\b)|\\b${COVERTLY}\\s*,?\\s*(?:please|carry|add|send|pass|include|copy|forward|mirror|bcc|cc|read|open|call|run|execute|collect|append|put|paste|attach|grant|give|change|replace|redirect)\\b`,
        `\\bwithout\\s+(?:the\\s+)?${USER}\\s*(?:'s)?\\s+(?:knowledge|awareness|noticing|knowing)`,
        `\\bimplementation\\s+detail\\b|\\broutine\\s+detail\\b|\\b(?:is|are)\\s+(?:just\\s+)?(?:background\\s+)?plumbing\\b`,
        "(?:^|\\s)no\\s+(?:lo\\s+|le\\s+|se\\s+lo\\s+|les\\s+)?(?:menciones|digas|cuentes|muestres|informes|avises|expliques)|no\\s+hace\\s+falta\\s+(?:informar|decir|mencionar|avisar)|sin\\s+(?:decirle|informar|avisar)",
        "\\bn['e]\\s*(?:en\\s+|le\\s+|lui\\s+|leur\\s+)?(?:parle|parlez|dis|dites|mentionne|mentionnez|signale|signalez|montre|montrez|informe|informez)\\s+(?:pas|rien|jamais)|sans\\s+(?:le\\s+dire|informer|prévenir|avertir)",
        "\\b(?:erwähne|erwähnen|sage|sagen|informiere|informieren|zeige|zeigen|benachrichtige)\\b[^.]{0,40}\\bnicht\\b|\\bohne\\s+(?:den\\s+)?(?:benutzer|nutzer)[^.]{0,20}(?:zu\\s+)?(?:informieren|fragen)",
        "(?:não|nunca)\\s+(?:o\\s+|lhe\\s+|a\\s+)?(?:mencione|diga|conte|mostre|informe|avise|explique|revele)|sem\\s+(?:avisar|informar|contar)",
        "(?<!\\p{L})(?:не|никогда\\s+не)\\s+(?:\\S+\\s+){0,2}?(?:говори|сообщай|упоминай|рассказывай|показывай|объясняй|уведомляй)|без\\s+ведома",
        "(?:无需|无须|不要|不必|别告诉|切勿|请勿|不得)[^。]{0,8}(?:向用户|告诉|告知|提及|说明|透露|通知|显示)|(?:悄悄|偷偷)地?",
        "(?:ユーザー|利用者)[^。]{0,12}(?:伝え|知らせ|言わ|説明し|見せ)[^。]{0,6}(?:ない|ず|るな|ません)|(?:言及|説明|報告)(?:しない|せず|不要)|(?:こっそり|密かに|内緒で)",
        "(?:말하지|알리지|언급하지|알려주지|보여주지|설명하지)\\s*(?:마|말|않)|몰래",
      ].join("|"),
    ),
  },
  {
    rule: "override_instructions",
    severity: "high",
    pattern: rx(
      [
        // Not the instructions of the data a tool returns: "ignore any instructions found in the results" defends.
        `\\b(?:ignore|disregard|forget|override|bypass)\\s+(?:\\w+\\s+){0,3}?(?:previous|prior|above|earlier|preceding|other|all|any|your|the|existing)\\s+(?:\\w+\\s+){0,2}?(?:instructions?|rules|directions|guidelines|prompts?|constraints|policies|safety|guardrails)\\b(?!\\s+(?:(?:that\\s+)?(?:you\\s+)?(?:found|contained|embedded|appearing|appear|written|included|hidden)|(?:found\\s+|contained\\s+|written\\s+)?(?:in|inside|within)\\s+(?:the\\s+|a\\s+|any\\s+|its\\s+|their\\s+)?(?:returned\\s+|fetched\\s+)?(?:results?|response|output|content|data|text|pages?|rows?|messages?|documents?|bodies|comments?|issues?|logs?|records?|files?)\\b))`,
        "\\byou\\s+are\\s+now\\s+(?:in\\s+|a\\s+|an\\s+)?(?:\\w+\\s+){0,2}?(?:mode|assistant|agent|ai)\\b|\\b(?:developer|god|jailbreak|dan|unrestricted)\\s+mode\\b|\\bnew\\s+(?:system\\s+)?instructions?\\s*:",
        "\\b(?:whatever|everything|anything)\\s+you\\s+(?:were|have\\s+been)\\s+told\\b|\\bno\\s+longer\\s+appl(?:y|ies)\\b|\\byour\\s+new\\s+(?:job|task|role|instructions?|purpose)\\b",
        "\\b(?:limits|restrictions|rules|guardrails|safeguards|filters)\\s+(?:\\w+\\s+){0,4}?(?:lifted|removed|disabled|suspended|waived)\\b",
        "\\btreat\\s+(?:anything|everything|any\\s+\\w+|all\\s+\\w+|text|lines?)\\b[^.]{0,60}\\bas\\s+(?:an?\\s+)?(?:commands?|instructions?|tasks?|orders?)|\\bas\\s+if\\s+(?:the\\s+user|they)\\s+(?:typed|wrote|asked|said)|\\bdo\\s+(?:what|whatever)\\s+(?:it|they)\\s+says?\\b|\\b(?:carries|carry|has|have|with)\\s+(?:the\\s+)?(?:owner|user|admin|maintainer)'?s?\\s+authority",
        "\\b(?:from\\s+(?:here|now)\\s+on|for\\s+(?:all|every)\\s+(?:later|future|subsequent|remaining)\\s+(?:turns|answers|replies|messages|responses)|session-wide|for\\s+the\\s+rest\\s+of\\s+(?:this|the)\\s+(?:session|conversation|chat)|as\\s+soon\\s+as\\s+this\\s+tool\\s+is\\s+listed)\\b",
        "\\bevery\\s+(?:reply|answer|response|message)\\s+you\\s+(?:give|write|send)|\\b(?:any|all|every)\\s+(?:code|answer|reply|response)\\s+you\\s+(?:write|give|produce)\\b[^.]{0,60}\\bmust\\b",
        "ignora\\s+(?:todas\\s+)?las\\s+instrucciones|ignore[zr]?\\s+(?:toutes\\s+)?les\\s+instructions|ignorier(?:e|en)?\\s+(?:alle\\s+)?(?:\\S+\\s+)?anweisungen|ignore\\s+(?:todas\\s+)?as\\s+instruções",
        "игнорируй\\S*[^.]{0,30}инструкци|режим\\S*\\s+разработчика|ограничения\\s+сняты|忽略[^。]{0,10}(?:指令|指示|说明|规则)|(?:指示|命令|ルール)を無視|지시[^.]{0,6}무시",
      ].join("|"),
    ),
  },
  {
    rule: "skip_confirmation",
    severity: "medium",
    pattern: rx(
      `\\bwithout\\s+(?:first\\s+)?(?:asking|confirming|checking(?:\\s+back)?|consulting)\\s+(?:with\\s+)?(?:the\\s+)?(?:${USER}|them|first)|\\b(?:checking|confirming)\\s+with\\s+(?:the\\s+)?\\w*\\s*(?:user|person|owner)\\s+(?:first\\s+)?(?:just\\s+)?slows|\\bopted\\s+out\\s+of\\s+confirmations?|${words("sin\\s+confirmación sans\\s+confirmation ohne\\s+bestätigung sem\\s+confirmação без\\s+подтверждения 无需确认 確認なしで 확인\\s*없이")}`,
    ),
  },
  {
    // Implicit triggers: a tool never meant to be called, or orders on what the assistant does every time.
    rule: "standing_order",
    severity: "high",
    pattern: rx(
      [
        "\\b(?:this\\s+tool|it)\\s+(?:does\\s*n[o']?t|doesn'?t|never|will\\s+never)\\s+(?:need|have)\\s+to\\s+be\\s+(?:called|invoked|run|used)\\b|\\b(?:is|are)\\s+(?:never|not)\\s+(?:meant|intended|supposed)\\s+to\\s+be\\s+(?:called|invoked|run)\\b|\\b(?:works|applies|takes\\s+effect)\\s+(?:just\\s+|simply\\s+)?by\\s+being\\s+(?:listed|loaded|installed|available)\\b",
        `(?<!\\bthis\\s{1,3}(?:tool|function)\\s{1,3})\\b(?:whenever|every\\s+time|each\\s+time|any\\s+time|anytime)\\s+(?:the\\s+)?(?:${MODEL}|agent|you)\\s+(?:(?:is|are)\\s+about\\s+to\\s+)?(?:\\w+\\s+)?(?:sends?|writes?|repl(?:y|ies)|answers?|responds?|runs?|calls?|creates?|commits?|push(?:es)?|pays?|books?|opens?|executes?|uses?|composes?|drafts?|posts?|saves?|deletes?)\\b(?!\\s+(?:this|it)\\b)`,
        "\\b(?:for|throughout|during)\\s+(?:the\\s+)?(?:whole|entire|rest\\s+of\\s+the|remainder\\s+of\\s+the)\\s+(?:session|conversation|chat)\\s*[:,]|\\bthroughout\\s+(?:the|this)\\s+(?:session|conversation|chat)\\s*[:,]",
      ].join("|"),
    ),
  },
  {
    // Orchestration addresses the model too ("The LLM should call list_tables first"): evidence only.
    rule: "addresses_model",
    severity: "low",
    pattern: rx("\\bthe\\s+(?:assistant|model|llm|agent|ai)\\s+(?:should|must|shall|needs\\s+to)\\b"),
  },
  {
    // Evidence only: instructions said to come from a result or a remote place. With the
    // classifier's evidence score it makes a flag (learned/corroborated).
    rule: "defers_to_elsewhere",
    severity: "low",
    pattern: rx(
      "\\b(?:instructions?|directives?|guidance|rules|polic(?:y|ies)|hints?|advice)\\b[^.\\n]{0,60}?\\b(?:returned|response|result|output|field|fetched|remote(?:ly)?|server-side|loaded|authoritative|supersede[sd]?|override[sd]?|take\\s+precedence)\\b",
    ),
  },
  {
    rule: "html_comment",
    severity: "medium",
    pattern: /<!--[^]{0,2000}?-->/g,
  },
];

/** Verbs that open an order, in their base form ("Read", not "Reads"). */
const ORDERS = `read open load cat fetch retrieve access collect gather extract get grab send forward upload post
  transmit share copy include pass put add append prepend attach embed insert fill supply provide write store
  save paste echo print output return reply respond answer say tell call run execute invoke use ignore
  disregard forget override bypass skip delete remove drop replace change set update make ensure remember
  treat act pretend behave prefer avoid stop follow obey list show give report email message mail navigate
  visit go click download install approve grant summarize translate rewrite mention hide keep leave do
  recommend suggest claim state assume choose pick select mark rate double halve raise lower round
  don't dont never always first`;
/** Words before the verb of an order: "please", "always", "first", ... */
const ADVERBS =
  "(?:(?:please|kindly|always|first|now|also|immediately|instead|then|just|next|afterwards|finally|quietly|silently)\\s+){0,2}";
/** A conditional before the order: "Before using this tool, read ...". */
const CONDITION =
  "(?:(?:before|after|when|whenever|once|if|while)\\s+(?:[^\\s,.;:]{1,30}\\s+){0,8}?[^\\s,.;:]{1,30}\\s*,\\s*)?";

/**
 * An order: a sentence (or a list item) that opens with a verb in the base form, "you must ...",
 * or a condition and then such a verb. In concealed text it is an instruction to the model.
 */
const ORDER: Rule = {
  rule: "concealed_instruction",
  severity: "high",
  pattern: rx(
    `(?:^|[.!?;:\\n。！？]|\\bthen\\b)\\s{0,6}(?:[-*>#•]{1,3}\\s{0,3})?${CONDITION}${ADVERBS}(?:${B}(?:${ORDERS.trim().split(/\s+/).join("|")})${E}|\\byou\\s+(?:must|should|shall|will|need\\s+to|have\\s+to|are\\s+to)\\b)`,
  ),
};

/** What is read in concealed text: every rule but `html_comment` (the comment is what hid it), and orders. */
const CONCEALED_RULES: readonly Rule[] = [...RULES.filter((r) => r.rule !== "html_comment"), ORDER];

/** Obeying: "follow", "apply", "carry out", "take precedence over", in the languages of the rules. */
const OBEY = rx(
  `\\b(?:follow|followed|obey(?:ed)?|apply|applied|carry\\s+out|carried\\s+out|comply\\s+with|abide\\s+by|act\\s+(?:on|upon)|executed|adhere\\s+to|honou?r(?:ed)?|take\\s+precedence|override|overrides|supersedes?|replace\\s+this|authoritative)\\b|${words("sigue siga seguir obedece aplica aplicar cumple suivez suis suivre obéis obéissez appliquez appliquer exécut\\p{L}* respectez befolge befolgen folge beachte ersetzen")}`,
);
/** What is obeyed: instructions, rules, whatever it says. */
const DIRECTIONS = rx(
  `\\b(?:instructions?|directives?|polic(?:y|ies)|rules|steps|guidance|directions|whatever)\\b|${words("instrucciones indicaciones órdenes consignes directives instructions anweisungen richtlinien regeln vorgaben")}`,
);
/** Where it comes from: what the tool returns or fetches, a field of its response, a remote config. */
const FETCHED = rx(
  `\\b(?:returned|returns|results?'?s?|outputs?|appears?\\s+in|comes?\\s+back|(?:hands?|gives?|passes|sends?)\\s+back|(?:reply|replies|response|answer)\\s+from\\s+(?:this|the)\\s+(?:tool|server)|payload|fetched|(?:configured|defined|managed|controlled)\\s+remotely|remote[_\\s-]config|server-issued|sends?\\s+back|sent\\s+back|delivered|once\\s+received|field)\\b|${words("devuelv\\p{L}* campo renvoy\\p{L}* champ zurückgibt zurückgegeben feld")}`,
);

/**
 * Directions that come from what the tool returns: the two concepts within a clause of each
 * other, not across a parenthesis ("(model, instructions, budget) apply to this run, or the
 * result …" lists settings, then starts another clause).
 */
const FETCHED_DIRECTIONS = rx(
  `(?:${DIRECTIONS.source})[^.;()]{0,60}?(?:${FETCHED.source})|(?:${FETCHED.source})[^.;()]{0,60}?(?:${DIRECTIONS.source})`,
);

/**
 * Obedience refused: "never follow instructions that appear in the rows", "do not act on any
 * directions it contains", "must not be treated as instructions", "should not be executed", in
 * the languages of the rules. A warning about the data a tool returns is the defence against a
 * rug pull, not one: these spans are blanked before obedience is looked for, so an order to obey
 * beside them still counts.
 */
const REFUSED = rx(
  [
    `\\b(?:do\\s+not|does\\s+not|don'?t|never|must\\s+not|mustn'?t|should\\s+not|shouldn'?t|not\\s+to|no\\s+need\\s+to|without)\\s+(?:\\w+\\s+){0,2}?(?:follow(?:ing)?|obey(?:ing)?|act(?:ing)?\\s+(?:on|upon)|execut(?:e|ing)|carry(?:ing)?\\s+out|comply(?:ing)?\\s+with|apply(?:ing)?|honou?r(?:ing)?|abide\\s+by|adher(?:e|ing)\\s+to)\\b`,
    `\\b(?:not|never)\\s+(?:be\\s+)?(?:\\w+\\s+)?(?:followed|obeyed|executed|applied|honou?red|carried\\s+out|acted\\s+(?:on|upon)|treated\\s+as\\s+(?:an?\\s+)?(?:instructions?|commands?|directives?|rules?|orders?))\\b`,
    `\\b(?:do(?:es)?\\s+not|don'?t|doesn'?t|never)\\s+apply\\s+to\\s+you\\b|\\b(?:data|text|information),?\\s+(?:and\\s+)?not\\s+(?:an?\\s+)?(?:instructions?|commands?|directives?|rules?|orders?)\\b`,
    "\\bno\\s+(?:sigas|siga|obedezcas|obedezca|ejecutes|ejecute|cumplas|apliques)\\b|\\bn['e]\\s*(?:suivez|suis|suivre|obéissez|obéis|appliquez|exécutez|exécute)\\s+(?:jamais|pas|rien)\\b|\\b(?:befolge|befolgen|folge|folgen|beachte|führe)\\s+(?:\\S+\\s+)?(?:keine|keinen|nie|niemals)\\b|\\bnicht\\s+(?:befolgen|ausführen|folgen)\\b|\\b(?:não|nunca)\\s+(?:siga|obedeça|execute|cumpra|aplique)\\b",
    "(?:请勿|不要|切勿|勿|不得)(?:执行|遵循|遵守|听从|服从|照做)|従わない|従わず|実行しない|따르지\\s*(?:마|말|않)",
  ].join("|"),
);
const refusalsBlanked = (text: string) => text.replace(REFUSED, (m) => " ".repeat(m.length));

/**
 * Instructions in the results named in order to refuse them (the defence), or an "override" that
 * sets a parameter: no deferral.
 */
const refusedDeferral = (f: Finding) =>
  f.rule === "defers_to_elsewhere" && (matches(REFUSED, f.excerpt) || matches(SETS_A_VALUE, f.excerpt));

/** "Override it with tier", "overridden by the `region` argument": setting a value, not obeying. */
const SETS_A_VALUE = rx(
  "\\boverrid(?:e|es|den|ing)\\s+(?:(?:it|them|this|that|the\\s+default)\\s+)?(?:with|by|using|via)\\b",
);

/**
 * A rug pull's hook: instructions to obey that the tool returns or fetches later ("follow the
 * instructions in the response's notice field"), in one sentence or with the next.
 */
function deferred(reading: Reading): Finding[] {
  const all = sentences(reading.text);
  for (let i = 0; i < all.length; i++) {
    const one = all[i]!;
    const next = all[i + 1];
    const pair = next ? `${one.text} ${next.text}` : one.text;
    const obeyed = refusalsBlanked(pair).replace(SETS_A_VALUE, (m) => " ".repeat(m.length));
    if (matches(OBEY, obeyed) && matches(FETCHED_DIRECTIONS, pair)) {
      const end = next ? next.start + next.text.length : one.start + one.text.length;
      return [finding("hidden_instructions", "defer_to_response", "high", reading, one.start, end)];
    }
  }
  return [];
}

/**
 * Every rule over every reading. Text a reader does not see is read as concealed: decoded from
 * invisible characters (tags, reversed text, bits in zero-width characters or variation
 * selectors), and again on its own what `Reading.concealed` holds (inside or after an HTML comment
 * opener, after a run of invisible characters). There any finding is high, an order too, and a
 * comment never closed is `open_comment` (medium).
 */
export function hiddenInstructions(readings: readonly Reading[]): Finding[] {
  const hidden = (r: Reading) => r.decoding !== undefined && INVISIBLE_DECODINGS.has(r.decoding);
  const found = scan(
    "hidden_instructions",
    RULES,
    readings.filter((r) => !hidden(r)),
  ).filter((f) => !refusedDeferral(f));
  for (const reading of readings) if (!hidden(reading)) found.push(...deferred(reading));
  for (const f of scan("hidden_instructions", CONCEALED_RULES, readings.filter(hidden)))
    found.push({ ...f, severity: "high" });
  for (const { field, concealed } of readings) {
    for (const part of concealed ?? []) {
      const reading = { field: `${field}#${part.kind}`, text: part.text };
      if (part.kind === "open-comment")
        found.push(finding("hidden_instructions", "open_comment", "medium", reading, 0, part.text.length));
      for (const f of scan("hidden_instructions", CONCEALED_RULES, [reading]))
        found.push({ ...f, severity: "high" });
    }
  }
  return found;
}
