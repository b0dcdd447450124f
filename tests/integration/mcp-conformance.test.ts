import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHarness, type Harness } from "@catalog/testing";
import { runCli } from "../support/mcp-clients.js";
import { startGateway, type Gateway } from "../support/read-api.js";

/**
 * The official conformance suite's server scenarios that apply to any server, run against
 * /mcp. A few checks need the suite's own fixture tools or capabilities a catalog does not
 * offer; each is listed with the error it must fail with, so that nothing else can hide there.
 */
const SCENARIOS = [
  "tools-list",
  "server-stateless",
  "http-header-validation",
  "caching",
  "json-schema-2020-12",
  "server-initialize",
];

const NOT_APPLICABLE: Record<string, RegExp> = {
  "server-stateless/sep-2575-server-rejects-undeclared-capability":
    /does not list the diagnostic tool 'test_missing_capability'/,
  "server-stateless/sep-2575-missing-capability-http-400":
    /does not list the diagnostic tool 'test_missing_capability'/,
  "server-stateless/sep-2575-http-server-no-independent-requests-on-stream":
    /does not list the diagnostic tool 'test_streaming_elicitation'/,
  "server-stateless/sep-2575-server-no-log-without-loglevel":
    /does not list the diagnostic tool 'test_logging_tool'/,
  "caching/sep-2549-prompts-list-caching-hints": /prompts\/list returned JSON-RPC error -32601/,
  "caching/sep-2549-resources-list-caching-hints": /resources\/list returned JSON-RPC error -32601/,
  "caching/sep-2549-resources-templates-list-caching-hints":
    /resources\/templates\/list returned JSON-RPC error -32601/,
  "json-schema-2020-12/json-schema-2020-12-tool-found": /Tool 'json_schema_2020_12_tool' not found/,
};

type Check = { id: string; status: string; errorMessage?: string };

let h: Harness;
let gateway: Gateway;

beforeAll(async () => {
  h = await createHarness();
  gateway = await startGateway(h);
});

afterAll(async () => {
  await gateway.close();
  await h.close();
});

async function runScenario(scenario: string): Promise<Check[]> {
  const out = mkdtempSync(join(tmpdir(), "mcp-conformance-"));
  const run = await runCli("@modelcontextprotocol/conformance", "conformance", [
    "server",
    "--url",
    `${gateway.url}/mcp`,
    "--scenario",
    scenario,
    "-o",
    out,
  ]);
  const [dir] = readdirSync(out);
  if (!dir) throw new Error(`${scenario} wrote no results: ${run.stderr || run.stdout}`);
  return JSON.parse(readFileSync(join(out, dir, "checks.json"), "utf8")) as Check[];
}

describe("@modelcontextprotocol/conformance server scenarios against /mcp", () => {
  let results: Map<string, Check[]>;

  beforeAll(async () => {
    results = new Map(await Promise.all(SCENARIOS.map(async (s) => [s, await runScenario(s)] as const)));
  }, 120_000);

  it.each(SCENARIOS)("%s: every applicable check succeeds", (scenario) => {
    const checks = results.get(scenario) ?? [];
    expect(checks.length).toBeGreaterThan(0);
    for (const c of checks) {
      const key = `${scenario}/${c.id}`;
      const expected = NOT_APPLICABLE[key];
      const seen = { key, status: c.status, error: c.errorMessage ?? "" };
      if (expected) expect(seen).toMatchObject({ status: "FAILURE", error: expect.stringMatching(expected) });
      else expect(seen).toMatchObject({ status: expect.stringMatching(/^(SUCCESS|SKIPPED|INFO)$/) });
    }
  });

  it("lists only not-applicable checks the suite still runs", () => {
    const ran = new Set(
      [...results].flatMap(([scenario, checks]) => checks.map((c) => `${scenario}/${c.id}`)),
    );
    expect(Object.keys(NOT_APPLICABLE).filter((key) => !ran.has(key))).toEqual([]);
  });
});
