import { PLACEHOLDER_VALUE } from "./placeholders.js";
import { scrubLines } from "./scrub.js";

describe("scrubLines", () => {
  it("masks secrets and placeholder values", () => {
    expect(
      scrubLines([
        `API_KEY=${PLACEHOLDER_VALUE} rejected`,
        'config {"token": "abc123"} password: hunter2',
        "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig",
        "key ghp_abcdefghijklmnopqrstuvwxyz0123456789 leaked",
      ]),
    ).toEqual([
      "API_KEY=<placeholder> rejected",
      'config {"token": "***"} password: ***',
      "Authorization: ***",
      "key *** leaked",
    ]);
  });

  it("keeps the last lines, each cut short, without terminal escapes", () => {
    const lines = Array.from({ length: 50 }, (_, i) => `\u001b[31mline ${i}\u001b[0m\u0007`);
    const kept = scrubLines([...lines, "x".repeat(5000).replace(/x{31}/g, "word ")], {
      lines: 5,
      lineLength: 40,
    });
    expect(kept).toEqual([
      "line 46",
      "line 47",
      "line 48",
      "line 49",
      "word ".repeat(8).trim().padEnd(40, " ").slice(0, 40),
    ]);
  });

  it("is linear on a long line of token characters", () => {
    const started = performance.now();
    scrubLines(["token=" + "a".repeat(200_000), "bearer " + "b ".repeat(100_000)]);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
