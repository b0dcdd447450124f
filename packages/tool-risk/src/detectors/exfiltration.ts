import type { Reading } from "../reveal.js";
import { finding, matches, rx, scan, type Rule } from "../rules.js";
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
  words,
} from "../vocabulary.js";

/** Something private: a secret by its place or its kind, many secrets at once, or the conversation. */
const PRIVATE = `(?:${SECRET_PLACES}|${STRONG_SECRETS}|${GATHERED_SECRETS}|${CONVERSATION})`;

/**
 * Orders to move private data out (Invariant Labs' sidenote, HiddenLayer's parameter abuse,
 * Trail of Bits' conversation theft, Embrace The Red's image and link beacons): within one
 * sentence, something private, a verb that moves it and a place it goes (a parameter, a field
 * in backquotes, a request, an address or a host). A secret merely named ("requires an API
 * key") is not enough, nor one moved to no named place.
 */
export const RULES: readonly Rule[] = [
  {
    rule: "read_secret_file",
    severity: "high",
    sentence: [rx(`(?:${SECRET_PLACES})`), rx(READ), rx(`${TRANSFER}|${SINK}`)],
  },
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

/** A parameter whose name asks for a secret's content or the conversation (names read as words). */
const PARAMETER_NAME = rx(
  `^(?:\\w+\\s+){0,3}?(?:content|contents|text|dump|copy|full|paste|all)\\s+(?:\\w+\\s+){0,3}?(?:ssh|id\\s+rsa|private\\s+key|credentials?|env|mcp\\s+json|secrets?|chat\\s+history|conversation|system\\s+prompt|messages)\\b|^(?:full\\s+)?(?:conversation|chat|message)\\s+(?:history|log|transcript)\\b|^(?:system\\s+prompt|previous\\s+messages|tools?\\s+list|user\\s+secrets?)$`,
);
/** A parameter description that asks the model itself for private data. */
const ADDRESSED = rx(
  `\\b(?:your|you|yourself|verbatim|exactly|word[- ]for[- ]word|reproduce\\w*|enumerate|paste)\\b|${TRANSFER}|${words("deine wörtlich textualmente дословно 你的 逐字 あなたの そのまま 당신의")}`,
);
const PRIVATE_RX = rx(PRIVATE);

export function exfiltration(readings: readonly Reading[]): Finding[] {
  const found = scan("exfiltration", RULES, readings);
  for (const reading of readings) {
    const parameter = /^(?:input|output)\.properties\.([^#]+?)(#name|\.description|\.default|\.title)$/.exec(
      reading.field,
    );
    if (!parameter) continue;
    const asks =
      parameter[2] === "#name"
        ? matches(PARAMETER_NAME, reading.text)
        : // A URL's parts ("user:pass@host") are no order.
          matches(PRIVATE_RX, reading.text) && matches(ADDRESSED, reading.text.replace(/\S+:\/\/\S+/g, " "));
    if (asks)
      found.push(finding("exfiltration", "secret_parameter", "high", reading, 0, reading.text.length));
  }
  return found;
}
