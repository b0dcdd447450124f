import { daysAgo, trustInput } from "../trust.fixtures.js";
import { newListing } from "./new-listing.js";

describe("new_listing", () => {
  it("is present under 30 days after the first publication", () => {
    expect(newListing.detect(trustInput({ firstPublishedAt: daysAgo(29) }))).toEqual({
      first_published_at: daysAgo(29).toISOString(),
    });
  });
  it("is absent from day 30 on", () => {
    expect(newListing.detect(trustInput({ firstPublishedAt: daysAgo(30) }))).toBeNull();
  });
});
