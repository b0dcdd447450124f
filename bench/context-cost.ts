/**
 * What the catalog's tool definitions cost in a model's context (@catalog/context-cost: tokens
 * of name, description and schemas as a client sends them, o200k_base): per server, the
 * median, 90th percentile and largest, over the servers of the shared data that list tools
 * (the operator import's tool lists, bench-free: no database), and which sources give schemas.
 * Usage: tsx bench/context-cost.ts
 */
import { serverTokens, toolTokens } from "@catalog/context-cost";
import { sharedImportData } from "@catalog/testing";
import { round } from "./support.js";

const { tools } = sharedImportData();
const servers = Object.entries(tools).filter(([, list]) => list.length > 0);
const started = performance.now();
const perServer = servers.map(([name, list]) => ({ name, tools: list.length, tokens: serverTokens(list) }));
const seconds = (performance.now() - started) / 1000;
const perTool = servers.flatMap(([, list]) => list.map((t) => toolTokens(t)));
// Some sources list tools without their schemas: those servers' costs are lower bounds.
const schemaNames = new Set(
  servers.filter(([, list]) => list.some((t) => t.inputSchema !== undefined)).map(([name]) => name),
);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const summary = (values: number[]) => ({
  median: quantile(values, 0.5),
  p90: quantile(values, 0.9),
  max: Math.max(...values),
  mean: round(values.reduce((a, b) => a + b, 0) / values.length, 0),
});
const largest = [...perServer].sort((a, b) => b.tokens - a.tokens).slice(0, 5);
console.log(
  JSON.stringify({
    benchmark: "context-cost",
    servers: servers.length,
    tools: perTool.length,
    per_server: summary(perServer.map((s) => s.tokens)),
    servers_with_input_schemas: schemaNames.size,
    per_server_with_schemas: summary(perServer.filter((s) => schemaNames.has(s.name)).map((s) => s.tokens)),
    per_tool: summary(perTool),
    largest,
    counted_in_s: round(seconds, 2),
  }),
);
