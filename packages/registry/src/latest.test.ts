import { chooseLatest } from "./latest.js";

const d = (s: string) => new Date(s);

describe("chooseLatest", () => {
  it("a new latest version takes over from an older one", () => {
    expect(
      chooseLatest(
        { version: "2", isLatest: true, publishedAt: d("2025-02-01") },
        { version: "1", publishedAt: d("2025-01-01") },
      ),
    ).toBe("2");
  });

  it("a late copy of an older latest never displaces a newer one", () => {
    expect(
      chooseLatest(
        { version: "1", isLatest: true, publishedAt: d("2025-01-01") },
        { version: "2", publishedAt: d("2025-02-01") },
      ),
    ).toBe("2");
  });

  it("a version that is no longer latest leaves the current latest alone", () => {
    expect(
      chooseLatest(
        { version: "1", isLatest: false, publishedAt: d("2025-01-01") },
        { version: "2", publishedAt: d("2025-02-01") },
      ),
    ).toBe("2");
  });

  it("the latest version losing its flag leaves none marked until the next one arrives", () => {
    expect(chooseLatest({ version: "2", isLatest: false, publishedAt: d("2025-02-01") }, null)).toBeNull();
  });

  it("the first version of a server is latest when upstream says so", () => {
    expect(chooseLatest({ version: "1", isLatest: true, publishedAt: d("2025-01-01") }, null)).toBe("1");
  });
});
