import { MAX_INTENTS, splitIntents } from "./intents.js";

describe("splitIntents", () => {
  it("keeps a short query whole", () => {
    expect(splitIntents("weather in Paris, then news")).toEqual(["weather in Paris, then news"]);
  });

  it("splits sentences and sequencing words", () => {
    expect(
      splitIntents(
        "Find the most cited recent papers on protein folding. Then save the summaries to a Notion page and post the link in our Slack channel.",
      ),
    ).toEqual([
      "Find the most cited recent papers on protein folding",
      "save the summaries to a Notion page",
      "post the link in our Slack channel",
    ]);
  });

  it("splits numbered and bulleted lists", () => {
    expect(
      splitIntents(
        "1. pull yesterday's sales from the Postgres database 2. chart them by region 3. email the chart to finance",
      ),
    ).toEqual([
      "pull yesterday's sales from the Postgres database",
      "chart them by region",
      "email the chart to finance",
    ]);
    expect(
      splitIntents("Please do this for me:\n- translate the contract to German\n- store it in Google Drive"),
    ).toEqual(["Please do this for me:", "translate the contract to German", "store it in Google Drive"]);
  });

  it("does not split a list of nouns on commas", () => {
    expect(
      splitIntents("convert the quarterly report from Word, PDF and Excel into one markdown file please"),
    ).toEqual(["convert the quarterly report from Word, PDF and Excel into one markdown file please"]);
  });

  it(`gives at most ${MAX_INTENTS} intents`, () => {
    const steps = Array.from({ length: 9 }, (_, i) => `do the important step number ${i}`).join(". ");
    expect(splitIntents(steps)).toHaveLength(MAX_INTENTS);
  });
});
