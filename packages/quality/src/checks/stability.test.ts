import { input } from "../probe.fixtures.js";
import { stability } from "./stability.js";

describe("stability", () => {
  it("is na for on-demand checks", () => {
    expect(stability.run(input()).status).toBe("na");
    expect(stability.run(input({ stability: { successful: 0, total: 0 } })).status).toBe("na");
  });
  it("grades the share of successful scheduled probes", () => {
    expect(stability.run(input({ stability: { successful: 30, total: 30 } })).status).toBe("pass");
    expect(stability.run(input({ stability: { successful: 28, total: 30 } })).status).toBe("warn");
    expect(stability.run(input({ stability: { successful: 20, total: 30 } }))).toEqual({
      status: "fail",
      detail: "20 of 30 scheduled probes in 30 days succeeded (67%).",
    });
  });
});
