import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parser } from "@prometheus-io/lezer-promql";
import { parse } from "yaml";
import { createMetrics } from "@catalog/observability";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Every series name the services export: the metrics package, histograms with their suffixes. */
async function exportedNames(): Promise<Set<string>> {
  const metrics = createMetrics("test");
  const names = new Set<string>();
  for (const m of await metrics.registry.getMetricsAsJSON()) {
    names.add(m.name);
    if (String(m.type) === "histogram")
      for (const s of ["_bucket", "_sum", "_count"]) names.add(`${m.name}${s}`);
  }
  return names;
}

/** Metric names used by a PromQL expression; throws on a syntax error. */
function metricNames(expr: string): string[] {
  const tree = parser.parse(expr);
  const names: string[] = [];
  tree.iterate({
    enter: (node) => {
      if (node.type.isError) throw new Error(`PromQL syntax error at ${node.from} in: ${expr}`);
      if (node.name === "Identifier" && node.node.parent?.name === "VectorSelector")
        names.push(expr.slice(node.from, node.to));
    },
  });
  return names;
}

type Panel = {
  id: number;
  type: string;
  title: string;
  gridPos: Record<string, number>;
  /** Absent on a row. */
  targets?: { expr: string; refId: string }[];
};

describe("Grafana dashboard and Prometheus alerts (infra/)", () => {
  const dashboard = JSON.parse(
    readFileSync(path.join(root, "infra/grafana/catalog-dashboard.json"), "utf8"),
  ) as {
    uid: string;
    title: string;
    schemaVersion: number;
    panels: Panel[];
    templating: { list: { name: string; type: string }[] };
  };
  const alerts = parse(readFileSync(path.join(root, "infra/prometheus/alerts.yaml"), "utf8")) as {
    groups: {
      name: string;
      rules: { alert: string; expr: string; for: string; labels: { severity: string } }[];
    }[];
  };

  it("is a Grafana dashboard: uid, title, schema version, panels with positions and Prometheus targets", () => {
    expect(dashboard.uid).toMatch(/^[a-zA-Z0-9_-]{1,40}$/);
    expect(dashboard.title).toBeTruthy();
    expect(Number.isInteger(dashboard.schemaVersion)).toBe(true);
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: "datasource", type: "datasource" }),
    );
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of dashboard.panels) {
      expect(["row", "timeseries", "stat", "gauge", "table", "bargauge"]).toContain(p.type);
      for (const k of ["h", "w", "x", "y"]) expect(Number.isInteger(p.gridPos[k])).toBe(true);
      // A row is a heading over the panels below it; every other panel queries something.
      if (p.type !== "row") expect(p.targets?.length).toBeGreaterThan(0);
    }
  });

  it("covers requests, latency, queues, job durations, probes, mirror lag, embeddings and limiter rejections", () => {
    const used = new Set(
      dashboard.panels.flatMap((p) => (p.targets ?? []).flatMap((t) => metricNames(t.expr))),
    );
    for (const name of [
      "catalog_http_requests_total",
      "catalog_http_request_duration_seconds_bucket",
      "catalog_queue_jobs",
      "catalog_job_duration_seconds_bucket",
      "catalog_probe_outcomes_total",
      "catalog_mirror_lag_seconds",
      "catalog_embeddings_total",
      "catalog_limiter_rejections_total",
    ]) {
      expect(used).toContain(name);
    }
  });

  it("references only metrics the services export, in valid PromQL", async () => {
    const exported = await exportedNames();
    const exprs = [
      ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)),
      ...alerts.groups.flatMap((g) => g.rules.map((r) => r.expr)),
    ];
    for (const expr of exprs)
      for (const name of metricNames(expr)) expect([expr, exported.has(name)]).toEqual([expr, true]);
  });

  it("has an Introspection row: outcomes, duration p50 and p95, the package cache and the introspection queue", () => {
    const row = dashboard.panels.find((p) => p.type === "row" && p.title.startsWith("Introspection"));
    expect(row).toBeDefined();
    // The row's panels: those below it (no later row).
    const below = dashboard.panels.filter((p) => p.type !== "row" && p.gridPos.y! > row!.gridPos.y!);
    const exprs = below.flatMap((p) => (p.targets ?? []).map((t) => t.expr));
    const used = new Set(exprs.flatMap(metricNames));
    for (const name of [
      "catalog_introspections_total",
      "catalog_introspection_duration_seconds_bucket",
      "catalog_introspection_cache_bytes",
      "catalog_queue_jobs",
    ])
      expect(used).toContain(name);
    expect(exprs.some((e) => e.startsWith("histogram_quantile(0.5,") && e.includes("introspection"))).toBe(
      true,
    );
    expect(exprs.some((e) => e.startsWith("histogram_quantile(0.95,") && e.includes("introspection"))).toBe(
      true,
    );
    expect(exprs.some((e) => e.includes('queue="introspection"'))).toBe(true);
  });

  it("alerts on a growing introspection backlog and on failing package installs (the registry proxy)", () => {
    const rules = alerts.groups.flatMap((g) => g.rules);
    const backlog = rules.find((r) => r.alert === "CatalogIntrospectionBacklog");
    const installs = rules.find((r) => r.alert === "CatalogIntrospectionInstallFailing");
    expect(backlog?.expr).toContain('queue="introspection"');
    expect(backlog?.for).toBe("1h");
    expect(installs?.expr).toContain('outcome="install_failed"');
  });

  it("alerts on a stale mirror, a backing-up queue, probe failures, the 5xx rate and a Redis that lost its data", () => {
    const names = alerts.groups.flatMap((g) => g.rules.map((r) => r.alert));
    expect(names).toEqual(
      expect.arrayContaining([
        "CatalogMirrorStale",
        "CatalogQueueBackingUp",
        "CatalogProbeFailureRate",
        "CatalogHigh5xxRate",
        "CatalogRedisDataLost",
        "CatalogRedisEvictionUnsafe",
      ]),
    );
    for (const rule of alerts.groups.flatMap((g) => g.rules)) {
      expect(rule.for).toMatch(/^\d+[smh]$/);
      expect(["warning", "critical"]).toContain(rule.labels.severity);
    }
  });

  it("has a runbook entry for every alert (docs/operations.md)", () => {
    const runbook = readFileSync(path.join(root, "docs/operations.md"), "utf8").split("## Runbook")[1] ?? "";
    const rows = runbook.split("\n").filter((l) => l.startsWith("| `Catalog"));
    const covered = new Set(rows.map((l) => /^\| `(\w+)`/.exec(l)?.[1]));
    const missing = alerts.groups.flatMap((g) => g.rules.map((r) => r.alert)).filter((a) => !covered.has(a));
    expect(missing).toEqual([]);
  });

  it("keeps the mirror alerts quiet when the mirror is switched off", () => {
    const mirror = alerts.groups.flatMap((g) => g.rules).filter((r) => r.alert.startsWith("CatalogMirror"));
    expect(mirror.length).toBe(2);
    for (const rule of mirror)
      expect(rule.expr).toContain(
        'and on() max(catalog_integration_enabled{integration="registry_mirror"}) == 1',
      );
  });
});
