/** A tool name's words: `deleteRepository`, `delete_repository` and `delete-repository` alike. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Verbs that change or remove something. */
export const DESTRUCTIVE = new Set(
  "delete remove drop destroy wipe erase purge truncate kill terminate reset format revoke uninstall overwrite shred clear rm".split(
    " ",
  ),
);

/** Verbs that write, send or run something: never read-only. */
export const WRITES = new Set([
  ...DESTRUCTIVE,
  ..."send post publish create update write insert upload transfer pay execute run deploy push merge set modify edit move rename submit tweet email reply comment commit install shutdown reboot restart stop cancel approve add put patch replace mutate invite ban block archive schedule book order buy sell".split(
    " ",
  ),
]);

/** Verbs and nouns of tools that reach the outside world. */
export const OUTBOUND = new Set(
  "send post publish upload tweet email mail sms webhook notify message reply comment share".split(" "),
);
