import { seededRandom } from "./random.js";

test("the same seed gives the same sequence, in [0, 1), and another seed another one", () => {
  const take = (seed: number) => Array.from({ length: 5 }, seededRandom(seed));
  expect(take(7)).toEqual(take(7));
  expect(take(7)).not.toEqual(take(8));
  for (const x of take(7)) expect(x >= 0 && x < 1).toBe(true);
});
