import type { CheckResult, PackageProbeResult, ProbeOutcome, ProbeResult } from "@catalog/contracts";
import type { CheckRow } from "@catalog/db";
import { okProbe } from "@catalog/testing/mcp";
import { checkPage } from "./check-page.js";

const at = new Date("2026-11-21T10:00:00Z");

function done(probe: ProbeResult): CheckRow {
  const result: CheckResult = {
    probe,
    quality: { score: null, label: "unrated", checks: [], assessed_at: at.toISOString() },
    readiness: [],
  };
  const { url } = probe;
  const times = { createdAt: at, startedAt: at, finishedAt: at, expiresAt: at };
  return {
    id: "check-page-test-000001",
    url,
    package: null,
    normalizedUrl: url,
    host: "mcp.example.com",
    status: "done",
    serverName: null,
    requester: "ip:test",
    result,
    ...times,
  };
}

/** The text of the card under a heading of the page. */
const card = (page: string, heading: string) =>
  new RegExp(`<h2>${heading}</h2>\\s*<div class="card">([^<]*)</div>`).exec(page)?.[1]?.trim();

describe("the check page", () => {
  it.each<ProbeOutcome>(["dns_error", "timeout", "refused", "tls_error", "not_mcp", "http_error"])(
    "says authorization and tools are not known after %s, never that none are required",
    (outcome) => {
      const page = checkPage(done(okProbe({ outcome, tool_count: 0 })));
      const unknown = `Not known: the remote did not answer: ${outcome}.`;
      expect(card(page, "Authorization")).toBe(unknown);
      expect(card(page, "Tools")).toBe(unknown);
      expect(page).not.toContain("No authorization required");
      expect(page).not.toContain("No tools were listed");
    },
  );

  it("says no authorization or tools when the remote answered MCP without any", () => {
    const page = checkPage(done(okProbe()));
    expect(card(page, "Authorization")).toBe("No authorization required.");
    expect(card(page, "Tools")).toBe("No tools were listed.");
  });

  it("shows a late gate as live and needing sign-in, its tools unknown until then, never unreachable", () => {
    const auth = { ...okProbe().auth, required: true };
    const page = checkPage(
      done(okProbe({ outcome: "auth_required", access: "late_gate", auth, tool_count: 0, tool_pages: 0 })),
    );
    expect(page).toContain("late gate (answers MCP; needs sign-in, tools unknown until then)");
    expect(card(page, "Tools")).toBe("Needs sign-in: the tools are unknown until then.");
    expect(page).not.toMatch(/did not answer|unreachable/);
    expect(checkPage(done(okProbe({ access: "open" })))).toContain(
      "open (handshake and tools/list without sign-in)",
    );
  });

  it("escapes what the remote says with the views' html engine", () => {
    const page = checkPage(done(okProbe({ detail: `<script>alert("x")</script>&'` })));
    expect(page).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;");
    expect(page).not.toContain("<script>");
  });

  it("shows a package check: how it started, its placeholders and last lines, escaped, and no remote's sections", () => {
    const pkg = { registry_type: "npm" as const, identifier: "weather-mcp", version: null };
    const probe: PackageProbeResult = {
      package: pkg,
      outcome: "needs_credentials",
      detail: "It exited asking for WEATHER_API_KEY.",
      protocol_version: null,
      server_info: null,
      instructions: null,
      tools: [],
      tool_count: 0,
      prompts: [],
      resources: [],
      placeholders: ["WEATHER_API_KEY"],
      stderr: ["Error: <b>WEATHER_API_KEY</b> is not valid"],
      timings: { install_ms: 1200, start_ms: null, total_ms: 1500 },
      started_at: at.toISOString(),
      finished_at: at.toISOString(),
    };
    const result = { probe, tool_risk: { flags: [], findings: [], trifecta: null } };
    const page = checkPage({ ...done(okProbe()), url: null, package: pkg, result });
    expect(page).toContain("<title>Check of npm weather-mcp@latest</title>");
    expect(page).toContain('<span class="badge needs_credentials">needs credentials</span>');
    expect(page).toContain("<code>WEATHER_API_KEY</code>");
    expect(page).toContain("Error: &lt;b&gt;WEATHER_API_KEY&lt;/b&gt; is not valid");
    expect(page).toContain("<span>Start</span>not reached");
    expect(card(page, "Tools \\(0\\)")).toBe("No tools were listed.");
    expect(page).toContain("No tool asks the model for anything hidden.");
    expect(page).not.toMatch(/<h2>(Connection|Authorization|Quality|Directory readiness|Server card)/);
  });

  it("says so when a finished check's stored result can no longer be read", () => {
    const page = checkPage({ ...done(okProbe()), result: null });
    expect(page).toContain("The stored result of this check can no longer be read.");
  });
});
