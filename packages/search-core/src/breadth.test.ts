import { breadthWeight } from "./breadth.js";

describe("breadthWeight", () => {
  const options = { base: 20, power: 0.5 };

  it("counts the tool hits of a server with a list up to the base in full", () => {
    expect(breadthWeight(0, options)).toBe(1);
    expect(breadthWeight(20, options)).toBe(1);
  });

  it("discounts a longer list by the root of how many times longer it is", () => {
    expect(breadthWeight(80, options)).toBeCloseTo(0.5);
    expect(breadthWeight(320, options)).toBeCloseTo(0.25);
    expect(breadthWeight(300, options)).toBeLessThan(breadthWeight(100, options));
  });

  it("is off at power 0", () => {
    expect(breadthWeight(1000, { base: 20, power: 0 })).toBe(1);
  });
});
