import { DAY_MS } from "@catalog/contracts";
import type { TrustFlagDefinition } from "../types.js";

const NEW_LISTING_DAYS = 30;

export const newListing: TrustFlagDefinition = {
  flag: "new_listing",
  weight: -5,
  meaning: "First published less than 30 days ago: no track record yet.",
  detect: ({ firstPublishedAt, now }) =>
    now.getTime() - firstPublishedAt.getTime() < NEW_LISTING_DAYS * DAY_MS
      ? { first_published_at: firstPublishedAt.toISOString() }
      : null,
};
