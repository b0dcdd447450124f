import { compareServerCard } from "@catalog/contracts";
import { standings, type TrustFlagDefinition } from "../types.js";

/**
 * One flag for every way a card can contradict the listing (name, remotes, an embedded tool
 * surface): each is the same finding, that the server describes itself otherwise than the
 * catalog lists it, and the evidence names which way, remote by remote.
 */
export const serverCardMismatch: TrustFlagDefinition = {
  flag: "server_card_mismatch",
  weight: -15,
  meaning:
    "A remote's server card (SEP-2127) contradicts the listing: another name, remotes the listing does not declare or leaves out, or tools, resources or prompts a card must not carry: the server describes itself otherwise than it is listed.",
  detect: (input) => {
    const listing = { name: input.name, remotes: input.remotes.map((r) => r.url) };
    const cards = standings(input)
      .map((s) => s.observed)
      .flatMap((p) => {
        if (!p.serverCard) return [];
        const c = compareServerCard(p.serverCard, listing);
        if (c.agrees !== false) return [];
        return [
          {
            url: p.url,
            card_url: c.url,
            ...(c.name ? { name: c.name } : {}),
            ...(c.remotes_not_listed.length ? { remotes_not_listed: c.remotes_not_listed } : {}),
            ...(c.remotes_not_on_card.length ? { remotes_not_on_card: c.remotes_not_on_card } : {}),
            ...(c.embeds.length ? { embeds: c.embeds } : {}),
            probed_at: p.at.toISOString(),
          },
        ];
      });
    return cards.length ? { remotes: cards } : null;
  },
};
