import type { ServerCardComparison } from "@catalog/contracts";
import { html, type SafeHtml } from "../views/html.js";

const STATUS_WORDS: Record<ServerCardComparison["status"], string> = {
  found: "found",
  absent: "none at the four locations",
  unreadable: "unreadable (malformed or larger than a card may be)",
};

/** The differences of a card from the listing, one line each. */
function differences(c: ServerCardComparison): SafeHtml[] {
  const lines: SafeHtml[] = [];
  if (c.name)
    lines.push(html`<li>Named <code>${c.name.card}</code>, listed as <code>${c.name.listing}</code></li>`);
  for (const url of c.remotes_not_listed)
    lines.push(html`<li>Remote not in the listing: <code>${url}</code></li>`);
  for (const url of c.remotes_not_on_card)
    lines.push(html`<li>Listed remote not on the card: <code>${url}</code></li>`);
  if (c.embeds.length) lines.push(html`<li>Embeds ${c.embeds.join(", ")}, which a card must not carry</li>`);
  return lines;
}

/**
 * The server card (SEP-2127) section of the check page: where it was found, whether it agrees
 * with the listing, and how not. Nothing for checks finished before cards were read.
 */
export function serverCardSection(card: ServerCardComparison | null | undefined): SafeHtml | string {
  if (card === undefined) return "";
  if (card === null) {
    return html`<h2>Server card</h2>
      <div class="card"><span class="muted">Not read: the server did not answer.</span></div>`;
  }
  const verdict =
    card.agrees === null
      ? ""
      : card.agrees
        ? html`<p><span class="badge pass">agrees</span> The card agrees with the listing.</p>`
        : html`<p><span class="badge fail">differs</span> The card contradicts the listing:</p>
            <ul>
              ${differences(card)}
            </ul>`;
  return html`<h2>Server card</h2>
    <div class="card">
      <p>Card: ${STATUS_WORDS[card.status]}${card.url ? html` at <code>${card.url}</code>` : ""}</p>
      ${verdict}
    </div>`;
}
