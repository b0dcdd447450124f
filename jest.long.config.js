import base from "./jest.config.js";

/** The long suite (scripts/long-tests.mjs): the `*.long.test.ts` files the main run leaves out. */
export default {
  ...base,
  testMatch: ["<rootDir>/tests/**/*.long.test.ts"],
  testPathIgnorePatterns: ["/node_modules/"],
};
