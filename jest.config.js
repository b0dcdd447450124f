/** ESM TypeScript through swc; workspace packages resolve to their sources. */
const swc = [
  "@swc/jest",
  {
    jsc: { parser: { syntax: "typescript" }, target: "es2023", keepClassNames: true },
    module: { type: "es6" },
  },
];

export default {
  testEnvironment: "node",
  extensionsToTreatAsEsm: [".ts"],
  transform: { "^.+\\.ts$": swc },
  moduleNameMapper: {
    "^@catalog/testing/mcp$": "<rootDir>/packages/testing/src/mcp/index.ts",
    "^@catalog/contracts/examples$": "<rootDir>/packages/contracts/src/operations/examples.generated.ts",
    "^@catalog/([a-z0-9-]+)$": "<rootDir>/packages/$1/src/index.ts",
    "^(\\.{1,2}/.*)\\.js$": "$1",
  },
  testMatch: [
    "<rootDir>/packages/*/src/**/*.test.ts",
    "<rootDir>/services/*/src/**/*.test.ts",
    "<rootDir>/tests/**/*.test.ts",
    // The Python SDK against the running service (its own `test` script runs it alone).
    "<rootDir>/packages/sdk-python/harness/*.suite.ts",
  ],
  // The long suite (scripts/long-tests.mjs, jest.long.config.js) runs apart.
  testPathIgnorePatterns: ["/node_modules/", "\\.long\\.test\\.ts$"],
  modulePathIgnorePatterns: ["<rootDir>/.tools/", "/dist/"],
  globalSetup: "<rootDir>/tests/support/global-setup.ts",
  globalTeardown: "<rootDir>/tests/support/global-teardown.ts",
  testSequencer: "<rootDir>/tests/support/long-first-sequencer.js",
  testTimeout: 60_000,
};
