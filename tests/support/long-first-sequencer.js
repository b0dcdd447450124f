import { createRequire } from "node:module";

// Jest's default sequencer is a dependency of jest-config, not of this workspace: found from jest.
const fromJest = ["jest", "jest-cli", "jest-config"].reduce(
  (require, name) => createRequire(require.resolve(name)),
  createRequire(import.meta.url),
);
const { default: JestSequencer } = fromJest("@jest/test-sequencer");

/**
 * The longest suites, roughly longest first; the snapshot template's other users after
 * trust-snapshot, which builds it (and the trust template on it), so that they copy it instead of
 * waiting. Jest orders by the durations of earlier runs, which a clean clone lacks (it then takes
 * the largest files first, and these are not): started last, one of them would keep a worker busy
 * after the other is done.
 */
const LONG = [
  "tests/integration/search.test.ts",
  "tests/integration/trust-snapshot.test.ts",
  "tests/integration/mirror.test.ts",
  "tests/integration/read-api-snapshot.test.ts",
  "tests/clients/claude-code.test.ts",
  "tests/integration/package-freshness-snapshot.test.ts",
  "tests/fuzz/api.fuzz.test.ts",
  "tests/integration/sdk-ts.test.ts",
  "tests/integration/mcp-clients.test.ts",
  "tests/integration/openapi-compliance.test.ts",
  "tests/ops/start-offline.test.ts",
  "tests/contract/registry-v0.1.test.ts",
];

const rank = (test) => {
  const i = LONG.findIndex((suffix) => test.path.endsWith(suffix));
  return i < 0 ? LONG.length : i;
};

/** The long suites first, in the order above; the rest in jest's order. */
export default class LongFirstSequencer extends JestSequencer {
  async sort(tests) {
    return [...(await super.sort(tests))].sort((a, b) => rank(a) - rank(b));
  }
}
