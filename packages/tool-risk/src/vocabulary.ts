import { anyOf, B, E } from "./rules.js";

/**
 * The concepts the detectors share, each a pattern source. Rules combine them, so a synonym added
 * here reaches every rule that uses the concept. English with its inflections, and the languages
 * attacks are known to be translated into (es, fr, de, pt, ru, zh, ja, ko) for the core ones.
 */

/**
 * An English verb and its inflections: copy, copies, copied, copying; `active` leaves out the
 * past participle ("the types mentioned" describes, "do not mention" orders).
 */
function inflected(verb: string, active: boolean): string {
  const past = active ? "" : "ed|";
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}(?:y|ies|${active ? "" : "ied|"}ying)`;
  if (verb.endsWith("e")) return `${verb.slice(0, -1)}(?:e|es|${active ? "" : "ed|"}ing)`;
  const last = verb.at(-1);
  if (/^[^aeiou]*[aeiou][bdgmnprt]$/.test(verb))
    return `${verb}(?:s|${active ? "" : `${last}ed|`}${last}ing)?`;
  return `${verb}(?:s|es|${past}ing)?`;
}

/** English verbs, inflected, as one group with word boundaries. */
export const verbs = (list: string, active = false): string =>
  `\\b(?:${list
    .trim()
    .split(/\s+/)
    .map((v) => inflected(v, active))
    .join("|")})\\b`;

/** Scripts written without spaces: a word there has no boundary to look for. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Words in any script, as one group; words of spaced scripts get boundaries that hold in every script. */
export function words(list: string): string {
  const all = list.trim().split(/\s+/);
  const spaced = all.filter((w) => !UNSPACED.test(w));
  const unspaced = all.filter((w) => UNSPACED.test(w));
  const parts = [
    ...(spaced.length ? [`${B}${anyOf(spaced.join(" "))}${E}`] : []),
    ...(unspaced.length ? [anyOf(unspaced.join(" "))] : []),
  ];
  return `(?:${parts.join("|")})`;
}

/** Who an injected text addresses. */
export const MODEL = anyOf("ai assistant model llm claude gpt chatgpt gemini copilot chatbot");

/** The user, and the ways attacks avoid the word. */
export const USER = `(?:\\b(?:the\\s+)?(?:user|users|human|person|people|owner|caller)(?:'s)?\\b|${words("usuario utilisateur benutzer nutzer anwender usuário пользовател\\S* 用户 ユーザー 사용자")})`;

/** Verbs that move data somewhere. */
export const TRANSFER = `(?:${verbs(`
  pass include put add append attach embed insert fill supply provide send forward upload post transmit
  share copy leak report write store save paste echo print hand deliver carry hold dump mirror
  relay
`)}|\\bbelongs?\\s+in\\b|\\bcall\\w*\\s+[\\w.]+\\s+with\\b|${words(`
  incluye incluir envía envia enviar pasa pasar adjunta añade copia coloca pon recopia
  inclus incluez envoie envoyez transmets transmettez ajoute ajoutez joins copie copiez recopie recopiez place placez mets
  füge fügen sende senden übergib übergeben hänge kopiere gib gesendet übermittelt
  inclua incluir envie enviar passe anexe copie coloque
  включи включите отправь отправьте передай передайте добавь скопируй приложи вставь отправляй
  包含 发送 發送 传递 傳遞 附加 附上 复制 放入 填入 填写 写入 传入 提交 含め 送信 渡し 渡す 添付 入れ 記入 포함 전송 보내 전달 첨부 넣
  rellena rellenar llena sube subir remplis remplissez remplir renseignez joint publiez publie téléversez
  eintragen trage fülle füllen schicke schicken hochladen preencha
`)})`;

/** Verbs that read data. */
export const READ = `(?:${verbs("read open load cat get fetch retrieve access collect gather extract scan look pull query ask grab")}|${words(
  "lee leer lis lisez lire lies lesen liest leia ler abre abrir carga cargar obtén obtener ouvre ouvrez ouvrir chargez récupère récupérez öffne öffnen lade laden hole abra carregue прочитай прочти считай 读取 讀取 読み 読んで 읽",
)})`;

/** Secrets named by where they live: rarely named by a benign tool unless it manages them. */
export const SECRET_PLACES = [
  "~/\\.ssh",
  "\\.ssh/",
  "\\bid_(?:rsa|ed25519|ecdsa|dsa)\\b",
  "\\.aws/(?:credentials|config)",
  "\\.(?:npmrc|pypirc|netrc|git-credentials|gnupg|bash_history|zsh_history)\\b",
  "\\.docker/config\\.json",
  "\\.kube/config",
  "\\.config/gcloud",
  "\\bmcp\\.json\\b",
  "claude_desktop_config",
  "~/\\.cursor",
  "/etc/(?:passwd|shadow)",
  "wallet\\.dat",
  "login\\s+data",
  "169\\.254\\.169\\.254",
  "metadata\\.google\\.internal",
  "process\\.env",
  "os\\.environ",
  "(?:^|[\\s\"'`(])\\.env\\b",
  "~/(?:Documents|Desktop|Pictures|Photos|Mail|Library)\\b",
  "\\bkeystores?\\b",
].join("|");

/** Secrets named by what they are (the weak ones, common in honest text, are apart). */
export const STRONG_SECRETS = `(?:\\b(?:private|secret)\\s+(?:half|part|keys?|key\\s+files?)\\b|\\bssh\\s+(?:private\\s+)?keys?\\b|\\b(?:seed|recovery|mnemonic)\\s+(?:phrases?|words|codes?)\\b|\\bkey\\s?pairs?\\b|\\b(?:saved|stored)\\s+(?:sign-?in|login|passwords?|credentials|tokens?|cookies)\\b|\\b(?:sign-?in|log-?in|login)\\s+(?:data|details|addresses)\\b|\\bhashed\\s+pass\\w+|\\bconnection\\s+strings?\\b|\\b(?:role|access|temporary)\\s+(?:keys|values|settings|credentials)\\b|\\binstance\\s+metadata\\b|\\blink-local\\b|\\benvironment\\s+(?:values|variables)\\b|\\benv\\s+vars\\b|\\bdot-?(?:files?|folders?)\\b|\\b(?:sign-?in|login|ssh|api|access|secret|private)\\s+key\\s+files?\\b|\\bpassword[_\\s]hash(?:es)?\\b|\\bbrowser\\s+(?:cookies|passwords|history)\\b|${words(`
  clave\\s+privada claves\\s+privadas credenciales cl[ée]\\s+priv[ée]e identifiants privater?\\s+schlüssel zugangsdaten
  chave\\s+privada credenciais приватн\\S*\\s+ключ\\S* учётн\\S*\\s+данн\\S* учетн\\S*\\s+данн\\S* 私钥 密钥 凭据 凭证 秘密鍵 認証情報 개인\\s*키 자격\\s*증명
  環境変数 环境变量 переменн\\S*\\s+окружени\\S*
`)})`;

export const WEAK_SECRETS = `(?:\\b(?:api\\s+keys?|access\\s+tokens?|auth(?:entication)?\\s+tokens?|bearer\\s+tokens?|tokens?|passwords?|passcodes?|passphrases?|credentials?|secrets?|cookies)\\b|${words(
  "contraseñas? mots?\\s+de\\s+passe passw(?:ö|o)rter? senhas? парол\\S* 密码 パスワード 비밀번호",
)})`;

/** A weak secret made strong by how much of it is asked for, or whose it is. */
export const GATHERED_SECRETS = `(?:\\b(?:all|every|any|existing|visible|stored|saved|the\\s+user'?s|their|this\\s+machine'?s)\\s+(?:of\\s+the\\s+)?(?:\\w+\\s+)?(?:api\\s+keys?|keys|access\\s+tokens?|auth\\s+tokens?|passwords?|passcodes?|pins?|credentials?|secrets?)\\b|${WEAK_SECRETS}\\s+(?:\\w+\\s+){0,3}?(?:visible|of\\s+every|of\\s+all|in\\s+(?:this|the)\\s+(?:conversation|environment|chat)))`;

/** What the user and the agent said, or how the agent was set up: private by nature. */
export const CONVERSATION = [
  `\\b(?:conversation|chat|message|dialog(?:ue)?)\\s+(?:history|log|logs|transcript|context|threads?)\\b`,
  `\\b(?:all|every|entire|full|whole|complete|previous|prior|earlier|past|recent|last\\s+\\w+)\\s+(?:(?:the|of|this|our|your|user'?s?|chat|conversation|earlier|previous)\\s+){0,2}(?:messages|conversations?|chats?|exchanges?|threads|turns|dialogue)\\b`,
  `\\bsystem\\s+(?:prompt|message|instructions)\\b`,
  `\\b(?:everything|all(?:\\s+that)?|whatever|what)\\s+(?:the\\s+(?:user|person)|you(?:\\s+both)?|has\\s+been|they)\\s+(?:has\\s+|have\\s+|had\\s+)?(?:said|typed|written|wrote|asked|shared|told|been\\s+said)\\b`,
  `\\b(?:guidance|instructions?|text|prompt|rules)\\s+(?:that\\s+)?(?:you\\s+(?:were|are)\\s+(?:given|set\\s+up|configured)|configured\\s+you|set\\s+you\\s+up)`,
  `\\b(?:configured|set)\\s+(?:you\\s+)?up\\b[^.]{0,40}\\b(?:session|chat|conversation)\\b|\\bconfigured\\s+you\\b`,
  `\\b(?:every|all|each)\\s+(?:functions?|tools?)\\s+you\\s+(?:can\\s+call|have|were\\s+given)`,
  `\\b(?:every|all|each)\\s+(?:\\w+\\s+)?(?:opened|read|accessed|viewed|edited)\\s+(?:documents?|files?)\\b|\\bevery\\s+path\\s+and\\s+its\\s+contents?\\b|\\bconversation\\s+so\\s+far\\b|\\b(?:every|each)\\s+(?:user|assistant)\\s+(?:and\\s+\\w+\\s+)?messages?\\b`,
  `\\b(?:faithful\\s+record|(?:verbatim|word[- ]for[- ]word)\\s+(?:transcript|copy|record))\\b|\\btranscript\\b`,
  `\\b(?:the\\s+)?(?:user'?s|their|this\\s+user'?s)\\s+(?:own\\s+)?(?:files|documents?|document\\s+folder|home\\s+(?:folder|directory)|private\\s+\\w+|non-public\\s+\\w+|messages|threads|e-?mails?|inbox|contacts|repositories|repos)\\b`,
  "historial\\s+de\\s+(?:la\\s+)?(?:conversación|chat)|historial\\s+del\\s+chat|prompt\\s+del\\s+sistema|toda\\s+la\\s+conversación",
  "historique\\s+de\\s+(?:la\\s+)?(?:conversation|discussion)|(?:invite|prompt)\\s+système|toute\\s+la\\s+conversation",
  "(?:gesprächs|chat|unterhaltungs)verlauf|system-?(?:prompt|anweisung)",
  "histórico\\s+d[ae]\\s+(?:conversa|chat)|prompt\\s+do\\s+sistema|toda\\s+a\\s+conversa",
  "истори\\S*\\s+(?:переписки|разговора|чата|диалога)|системн\\S*\\s+промпт\\S*|весь\\s+диалог",
  "(?:对话|聊天|会话)(?:历史|记录|内容)|系统提示",
  "(?:会話|チャット)(?:履歴|ログ|内容)|システムプロンプト|これまでの会話|会話の全文|会話全体",
  "(?:대화|채팅)\\s*(?:기록|내역)|시스템\\s*프롬프트",
].join("|");

/** Where data leaves: a parameter, a request, an address, a host. */
export const SINK = `(?:~/[\\w./-]+|\\b(?:parameters?|params?|arguments?|fields?|sidenotes?|side_note|notes?|context|metadata|request|body|query\\s+string|headers?|attendees?|cc|bcc|gist|issue|pull\\s+request|change\\s+request|form)\\b|\`[\\w.-]+\`|https?://|\\b[\\w.+-]+@[\\w-]+\\.[a-z]{2,}\\b|\\b[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.(?:example|invalid|com|net|org|io|ai|dev|app|co)\\b|${words(
  "parámetro paramètre parameter parâmetro параметр\\S* 参数 字段 地址 パラメータ フィールド アドレス 매개변수 필드 주소 campo champ feld",
)})`;
