import { input } from "../probe.fixtures.js";
import { stability } from "./stability.js";

const judge = (successful: number, total: number) =>
  stability.run(input({ stability: { successful, total } }));

describe("stability", () => {
  it("is na for on-demand checks", () => {
    expect(stability.run(input()).status).toBe("na");
    expect(judge(0, 0).status).toBe("na");
  });
  it("grades the share of successful scheduled probes", () => {
    expect(judge(30, 30)).toEqual({
      status: "pass",
      detail: "30 of 30 scheduled probes in 30 days succeeded (100%).",
    });
    expect(judge(27, 30).status).toBe("warn");
    expect(judge(20, 30)).toEqual({
      status: "fail",
      detail: "20 of 30 scheduled probes in 30 days succeeded (70% with 1 failure forgiven).",
    });
  });
  it("forgives one failed probe, and no more", () => {
    expect(judge(29, 30)).toEqual({
      status: "pass",
      detail: "29 of 30 scheduled probes in 30 days succeeded (100% with 1 failure forgiven).",
    });
    expect(judge(1, 2).status).toBe("pass");
    expect(judge(28, 30).status).toBe("warn");
    expect(judge(1, 3).status).toBe("fail");
  });
});
