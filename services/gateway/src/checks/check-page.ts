import {
  answeredMcp,
  isPackageCheckResult,
  unknownNoAnswer,
  type AccessClass,
  type CheckToolRisk,
  type PackageProbeResult,
  type ProbeResult,
  type ProbeTool,
  type QualityBlock,
  type ReadinessDirectory,
  type ReadinessRequirement,
} from "@catalog/contracts";
import type { CheckRow } from "@catalog/db";
import { html, htmlDocument, SafeHtml } from "../views/html.js";
import { serverCardSection } from "./server-card-section.js";

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1f24;--muted:#5b6570;--bg:#fff;--card:#f6f8fa;--line:#d8dee4;
--pass:#1a7f37;--warn:#9a6700;--fail:#cf222e;--na:#6e7781;--manual:#0969da}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9aa6b2;--bg:#0d1117;--card:#161b22;--line:#30363d;
--pass:#3fb950;--warn:#d29922;--fail:#f85149;--na:#8b949e;--manual:#58a6ff}}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:980px;margin:0 auto;padding:24px 16px 48px}h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 8px}
.url{font-family:ui-monospace,monospace;word-break:break-all;color:var(--muted)}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px 16px;margin:8px 0}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:8px 24px}
.grid div span{display:block;color:var(--muted);font-size:13px}
table{width:100%;border-collapse:collapse;font-size:14px}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--line);vertical-align:top;overflow-wrap:anywhere}
@media (min-width:601px){td:first-child code{white-space:nowrap}}
@media (max-width:600px){.wide{display:none}th,td{padding:6px 4px}}
th{color:var(--muted);font-weight:600}.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;color:#fff;white-space:nowrap}
.pass,.ok{background:var(--pass)}.warn,.auth_required{background:var(--warn)}.na{background:var(--na)}.manual{background:var(--manual)}
.fail,.not_mcp,.wrong_transport,.timeout,.tls_error,.dns_error,.refused,.http_error{background:var(--fail)}
.tools{background:var(--pass)}.needs_credentials,.needs_arguments,.not_introspectable_here{background:var(--warn)}
.start_failed,.timed_out,.version_unavailable,.install_failed{background:var(--fail)}
.score{font-size:40px;font-weight:700;line-height:1}.muted{color:var(--muted)}ul{margin:4px 0;padding-left:20px}
code{font-family:ui-monospace,monospace;font-size:13px}a{color:var(--manual)}footer{margin-top:40px;color:var(--muted);font-size:13px}`;

const badge = (status: string) => html`<span class="badge ${status}">${status.replace(/_/g, " ")}</span>`;

function layout(title: string, body: SafeHtml, refresh: boolean): string {
  return htmlDocument(
    html`${refresh ? new SafeHtml('<meta http-equiv="refresh" content="2">') : ""}
      <title>${title}</title>
      <style>
        ${new SafeHtml(STYLE)}
      </style>`,
    html`<main>
      ${body}
      <footer>Checked by the MCP server catalog. Results are kept 30 days.</footer>
    </main>`,
  );
}

function probeSection(probe: ProbeResult): SafeHtml {
  const info = probe.server_info;
  return html`<h2>Connection</h2>
    <div class="card">
      <p>${badge(probe.outcome)} ${probe.detail}</p>
      <div class="grid">
        <div><span>Transport</span>${probe.transport ?? "none"}</div>
        <div><span>Access</span>${ACCESS_WORDS[probe.access ?? "unknown"]}</div>
        <div>
          <span>Protocol</span>${probe.protocol.version ?? "unknown"}
          ${probe.protocol.era ? `(${probe.protocol.era})` : ""}
        </div>
        <div><span>Server</span>${info ? `${info.title ?? info.name} ${info.version}` : "unknown"}</div>
        <div><span>HTTP status</span>${probe.http_status ?? "none"}</div>
        <div>
          <span>Handshake</span
          >${probe.timings.handshake_ms === null ? "not completed" : `${probe.timings.handshake_ms} ms`}
        </div>
        <div><span>Total</span>${probe.timings.total_ms} ms</div>
      </div>
      ${info?.description ? html`<p class="muted">${info.description}</p>` : ""}
      ${
        probe.redirects.length
          ? html`<p><strong>Redirects</strong></p>
              <ul>
                ${probe.redirects.map((r) => html`<li><code>${r.status}</code> ${r.from} → ${r.to}</li>`)}
              </ul>`
          : ""
      }
    </div>`;
}

/** What the probe says about authorization in a sentence; null when OAuth is required. */
function authSummary(probe: ProbeResult): string | null {
  // A probe that got no MCP answer saw no authorization: its empty auth block is not "none".
  if (!answeredMcp(probe.outcome)) return unknownNoAnswer(probe.outcome);
  return probe.auth.required ? null : "No authorization required.";
}

function authSection(probe: ProbeResult): SafeHtml {
  const summary = authSummary(probe);
  if (summary !== null)
    return html`<h2>Authorization</h2>
      <div class="card">${summary}</div>`;
  const { auth } = probe;
  const rows: [string, string | null][] = [
    ["Protected-resource metadata", auth.resource_metadata_url],
    ["Resource", auth.resource],
    ["Authorization servers", auth.authorization_servers.join(", ") || null],
    ["Scopes", auth.scopes_supported.join(", ") || null],
    ["Authorization endpoint", auth.authorization_endpoint],
    ["Token endpoint", auth.token_endpoint],
    ["Dynamic registration", auth.registration_endpoint],
    ["PKCE S256", auth.pkce_s256 ? "yes" : "no"],
    ["Client ID metadata documents", auth.client_id_metadata_document_supported ? "yes" : "no"],
  ];
  return html`<h2>Authorization</h2>
    <div class="card">
      <p>OAuth is required.</p>
      <table>
        ${rows.map(
          ([k, v]) =>
            html`<tr>
              <th>${k}</th>
              <td>${v ?? html`<span class="muted">none</span>`}</td>
            </tr>`,
        )}
      </table>
      ${
        auth.problems.length
          ? html`<p><strong>Problems</strong></p>
              <ul>
                ${auth.problems.map((p) => html`<li>${p}</li>`)}
              </ul>`
          : html`<p>${badge("pass")} The metadata is complete.</p>`
      }
    </div>`;
}

/** The access class in words: a late gate is live, its tools wait for sign-in. */
const ACCESS_WORDS: Record<AccessClass | "unknown", string> = {
  open: "open (handshake and tools/list without sign-in)",
  late_gate: "late gate (answers MCP; needs sign-in, tools unknown until then)",
  hard_gate: "hard gate (needs sign-in before the handshake)",
  unknown: "unknown",
};

/** Why a probe listed no tools: an empty list is only "none" when the remote answered. */
function noTools(probe: ProbeResult): string {
  if (probe.access === "late_gate") return "Needs sign-in: the tools are unknown until then.";
  if (probe.tools_error) return probe.tools_error;
  if (probe.outcome === "auth_required") return "The tools are behind authorization.";
  return answeredMcp(probe.outcome) ? "No tools were listed." : unknownNoAnswer(probe.outcome);
}

function toolsSection(probe: ProbeResult): SafeHtml {
  if (!probe.tools.length) {
    return html`<h2>Tools</h2>
      <div class="card">${noTools(probe)}</div>`;
  }
  return html`<h2>Tools (${probe.tool_count})</h2>
    ${probe.tools_error ? html`<p>${badge("warn")} ${probe.tools_error}</p>` : ""} ${toolsTable(probe.tools)}`;
}

function toolsTable(tools: ProbeTool[]): SafeHtml {
  const hints = (a: Record<string, unknown> | null) =>
    ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"]
      .filter((h) => a?.[h] === true)
      .map((h) => h.replace("Hint", ""))
      .join(", ");
  return html`<table>
    <thead>
      <tr>
        <th>Name</th>
        <th>Description</th>
        <th>Hints</th>
      </tr>
    </thead>
    <tbody>
      ${tools.map(
        (t) =>
          html`<tr>
            <td><code>${t.name}</code>${t.title ? html`<br /><span class="muted">${t.title}</span>` : ""}</td>
            <td>${t.description}</td>
            <td>${hints(t.annotations)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

function qualitySection(quality: QualityBlock): SafeHtml {
  return html`<h2>Quality</h2>
    <div class="card">
      <span class="score">${quality.score ?? "–"}</span> <span class="muted">/ 100, ${quality.label}</span>
    </div>
    <table>
      <thead>
        <tr>
          <th>Check</th>
          <th>Status</th>
          <th class="wide">Weight</th>
          <th>Detail</th>
        </tr>
      </thead>
      <tbody>
        ${quality.checks.map(
          (c) =>
            html`<tr>
              <td><code>${c.id}</code></td>
              <td>${badge(c.status)}</td>
              <td class="wide">${c.weight}</td>
              <td>${c.detail}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
}

function requirementRow(r: ReadinessRequirement): SafeHtml {
  return html`<tr>
    <td>${badge(r.status)}</td>
    <td>${r.title}<br /><span class="muted">${r.detail}</span></td>
    <td><a href="${r.source}" rel="noopener noreferrer">rule</a></td>
  </tr>`;
}

function readinessSection(directories: ReadinessDirectory[]): SafeHtml {
  return html`<h2>Directory readiness</h2>
    ${directories.map(
      (d) =>
        html`<h3>${d.title}</h3>
          <p class="muted">
            ${Object.entries(d.counts)
              .filter(([, n]) => n > 0)
              .map(([s, n]) => `${n} ${s}`)
              .join(" · ")}
          </p>
          <table>
            <tbody>
              ${d.requirements.map(requirementRow)}
            </tbody>
          </table>`,
    )}`;
}

function toolRiskSection(risk: CheckToolRisk | undefined): SafeHtml | string {
  if (!risk) return "";
  const flags = risk.flags.length
    ? html`<p>Flags: ${risk.flags.map((f) => html`<code>${f}</code> `)}</p>`
    : html`<p>${badge("pass")} No tool asks the model for anything hidden.</p>`;
  const rows = risk.findings.map(
    (f) =>
      html`<tr>
        <td>${badge(f.severity === "high" ? "fail" : "warn")} ${f.severity}</td>
        <td>
          <code>${f.tool}</code> · ${f.detector}/${f.rule}<br /><span class="muted"
            >${f.field}: ${f.excerpt}</span
          >
        </td>
      </tr>`,
  );
  return html`<h2>Tool risk</h2>
    ${flags}${
      rows.length
        ? html`<table>
            <tbody>
              ${rows}
            </tbody>
          </table>`
        : ""
    }`;
}

/** How a package check started the package, and what it listed. */
function packageSections(probe: PackageProbeResult): SafeHtml {
  const info = probe.server_info;
  const ms = (value: number | null) => (value === null ? "not reached" : `${value} ms`);
  const list = (title: string, items: string[]) =>
    items.length
      ? html`<p><strong>${title}</strong></p>
          <ul>
            ${items.map((i) => html`<li><code>${i}</code></li>`)}
          </ul>`
      : "";
  return html`<h2>Start in the sandbox</h2>
    <div class="card">
      <p>${badge(probe.outcome)} ${probe.detail}</p>
      <div class="grid">
        <div><span>Protocol</span>${probe.protocol_version ?? "unknown"}</div>
        <div><span>Server</span>${info ? `${info.name} ${info.version}` : "unknown"}</div>
        <div><span>Install</span>${ms(probe.timings.install_ms)}</div>
        <div><span>Start</span>${ms(probe.timings.start_ms)}</div>
        <div><span>Total</span>${probe.timings.total_ms} ms</div>
      </div>
      ${list("Given placeholder values", probe.placeholders)}${list("Standard error (last lines)", probe.stderr)}
    </div>
    <h2>Tools (${probe.tool_count})</h2>
    ${probe.tools.length ? toolsTable(probe.tools) : html`<div class="card">No tools were listed.</div>`}
    ${list("Prompts", probe.prompts)}${list("Resources", probe.resources)}`;
}

/** What a check is of, as its page names it: the URL, or `registry identifier@version`. */
function subject(check: CheckRow): string {
  const pkg = check.package;
  if (!pkg) return check.url ?? "";
  return `${pkg.registry_type} ${pkg.identifier}@${pkg.version ?? "latest"}`;
}

/** The shareable report of a check: the same result as GET /v1/check/{id}, for people. */
export function checkPage(check: CheckRow): string {
  const heading = html`<h1>MCP server check</h1>
    <div class="url">${subject(check)}</div>`;
  if (check.status !== "done") {
    return layout(
      "Checking…",
      html`${heading}
        <div class="card">
          ${badge(check.status === "running" ? "manual" : "na")} The check is ${check.status}; this page
          refreshes itself.
        </div>`,
      true,
    );
  }
  const { result } = check;
  if (!result) {
    const unreadable = html`<div class="card">The stored result of this check can no longer be read.</div>`;
    return layout(`Check of ${subject(check)}`, html`${heading}${unreadable}`, false);
  }
  const server = check.serverName ? html`<p>Catalog server: <code>${check.serverName}</code></p>` : "";
  const finished = html`<p class="muted">Finished ${check.finishedAt?.toISOString() ?? ""}</p>`;
  if (isPackageCheckResult(result))
    return layout(
      `Check of ${subject(check)}`,
      html`${heading}${finished}${packageSections(result.probe)}${toolRiskSection(result.tool_risk)}`,
      false,
    );
  return layout(
    `Check of ${subject(check)}`,
    html`${heading}${server}${finished}
    ${probeSection(result.probe)}${authSection(result.probe)}${toolsSection(result.probe)}${qualitySection(result.quality)}${toolRiskSection(result.tool_risk)}${serverCardSection(result.server_card)}${readinessSection(result.readiness)}`,
    false,
  );
}
