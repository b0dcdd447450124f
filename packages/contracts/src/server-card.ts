import { z } from "zod";

/**
 * Server cards (SEP-2127, reference 13): a server's identity plus its `remotes`, served over
 * HTTP, deliberately without tools, resources or prompts (what a server exposes can vary by
 * user). The probe reads the recommended location first, then the three seen in the wild.
 */
export const SERVER_CARD_LOCATIONS = [
  "server-card",
  "well-known-mcp-json",
  "well-known-mcp-server-card-json",
  "well-known-mcp-server-card",
] as const;
export type ServerCardLocation = (typeof SERVER_CARD_LOCATIONS)[number];

/** The URL of each location for a streamable HTTP URL, in the order the probe reads them. */
export function serverCardUrls(mcpUrl: string): { location: ServerCardLocation; url: string }[] {
  const url = new URL(mcpUrl);
  const base = `${url.origin}${url.pathname.replace(/\/$/, "")}`;
  return [
    { location: "server-card", url: `${base}/server-card` },
    { location: "well-known-mcp-json", url: `${url.origin}/.well-known/mcp.json` },
    { location: "well-known-mcp-server-card-json", url: `${url.origin}/.well-known/mcp/server-card.json` },
    { location: "well-known-mcp-server-card", url: `${url.origin}/.well-known/mcp-server-card` },
  ];
}

/** Members of a card that a card must not carry: a tool surface belongs to tools/list. */
export const SERVER_CARD_SURFACES = ["tools", "resources", "prompts"] as const;

/** What one location answered: a card, nothing (404 and the like), or something unusable. */
export const SERVER_CARD_READS = ["card", "absent", "malformed", "oversized", "refused", "failed"] as const;

export const ServerCardAttemptSchema = z.object({
  location: z.enum(SERVER_CARD_LOCATIONS),
  url: z.string(),
  read: z.enum(SERVER_CARD_READS),
  /** The HTTP status, when the location answered. */
  http_status: z.number().int().nullable(),
  /** Why the answer is not a card, in one sentence; null for a card. */
  detail: z.string().nullable(),
});

/**
 * What a probe found of the server card: `found` (a card, kept in `card`), `absent` (no
 * location had one), `unreadable` (a location answered something malformed or oversized, and
 * none a card). Every location read is in `attempts`.
 */
export const ProbeServerCardSchema = z.object({
  status: z.enum(["found", "absent", "unreadable"]),
  location: z.enum(SERVER_CARD_LOCATIONS).nullable(),
  url: z.string().nullable(),
  /** The card's JSON bytes; a card over the probe's object limit is not read (unreadable). */
  bytes: z.number().int().nullable(),
  /** What the comparison with the listing reads: the card's name, its remote URLs (null when it has no `remotes`), the tool surfaces it embeds. */
  name: z.string().nullable(),
  remotes: z.array(z.string()).nullable(),
  embeds: z.array(z.enum(SERVER_CARD_SURFACES)),
  /**
   * The card itself, in the probe's report and a check's result; a stored probe keeps it in
   * `probes.server_card` instead, so the result rows read on every derivation stay small.
   */
  card: z.record(z.string(), z.unknown()).nullable(),
  attempts: z.array(ServerCardAttemptSchema),
});
export type ProbeServerCard = z.infer<typeof ProbeServerCardSchema>;

/** How a card reads against the registry listing of the server. */
export const ServerCardComparisonSchema = z.object({
  status: ProbeServerCardSchema.shape.status,
  location: z.enum(SERVER_CARD_LOCATIONS).nullable(),
  url: z.string().nullable(),
  /** True when a card was found and nothing below differs; null without a card. */
  agrees: z.boolean().nullable(),
  /** The card's name when it is not the listing's (null when they agree, or no listing). */
  name: z.object({ card: z.string(), listing: z.string() }).nullable(),
  /** Remote URLs of the card the listing does not declare, and of the listing the card leaves out. */
  remotes_not_listed: z.array(z.string()),
  remotes_not_on_card: z.array(z.string()),
  /** tools, resources or prompts the card embeds. */
  embeds: z.array(z.enum(SERVER_CARD_SURFACES)),
});
export type ServerCardComparison = z.infer<typeof ServerCardComparisonSchema>;

/** The listing a card is compared with: its name and declared remote URLs (null: not listed). */
export type ServerCardListing = { name: string; remotes: string[] } | null;

/** Remote URLs compared as clients use them: a trailing slash and the host's case do not count. */
const sameUrl = (url: string): string => {
  if (!URL.canParse(url)) return url;
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/$/, "")}${u.search}`;
};

/** The card's remote URLs (null when it has no `remotes` array) and the tool surfaces it embeds. */
export function cardFacts(
  card: Record<string, unknown>,
): Pick<ProbeServerCard, "name" | "remotes" | "embeds"> {
  const remotes = Array.isArray(card.remotes)
    ? card.remotes.flatMap((r: unknown) =>
        typeof r === "object" && r !== null && typeof (r as { url?: unknown }).url === "string"
          ? [(r as { url: string }).url]
          : [],
      )
    : null;
  return {
    name: typeof card.name === "string" ? card.name : null,
    remotes,
    embeds: SERVER_CARD_SURFACES.filter((k) => card[k] !== undefined && card[k] !== null),
  };
}

/**
 * Compares a probe's card with the listing: a different name, remotes one side has and the
 * other not (a card without `remotes` says nothing of them), and any tool surface embedded.
 * Without a listing (a check of a URL the catalog does not list) only the embedding counts.
 */
export function compareServerCard(found: ProbeServerCard, listing: ServerCardListing): ServerCardComparison {
  const base = { status: found.status, location: found.location, url: found.url };
  if (found.status !== "found") {
    return { ...base, agrees: null, name: null, remotes_not_listed: [], remotes_not_on_card: [], embeds: [] };
  }
  const { embeds, remotes: onCard } = found;
  const cardName = found.name ?? "";
  const name = listing && cardName !== listing.name ? { card: cardName, listing: listing.name } : null;
  const listed = new Set((listing?.remotes ?? []).map(sameUrl));
  const carded = new Set((onCard ?? []).map(sameUrl));
  const remotesNotListed = listing && onCard ? onCard.filter((u) => !listed.has(sameUrl(u))) : [];
  const remotesNotOnCard = listing && onCard ? listing.remotes.filter((u) => !carded.has(sameUrl(u))) : [];
  return {
    ...base,
    agrees: !name && !remotesNotListed.length && !remotesNotOnCard.length && !embeds.length,
    name,
    remotes_not_listed: remotesNotListed,
    remotes_not_on_card: remotesNotOnCard,
    embeds,
  };
}
