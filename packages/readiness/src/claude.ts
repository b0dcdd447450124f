import {
  annotations,
  description,
  handshakeSpeed,
  list,
  looksInjected,
  oauthComplete,
  propertyNames,
  reachable,
  toolsWithParams,
  uiResource,
  verdict,
  withAuth,
  withTools,
} from "./heuristics.js";
import type { Rule } from "./types.js";

const CRITERIA = "https://claude.com/docs/connectors/building/review-criteria";
const SUBMISSION = "https://claude.com/docs/connectors/building/submission";
const AUTHENTICATION = "https://claude.com/docs/connectors/building/authentication";
const BUILDING = "https://claude.com/docs/connectors/building";
const POLICY = "https://support.claude.com/en/articles/13145358-anthropic-software-directory-policy";
const BEST_PRACTICES =
  "https://support.anthropic.com/en/articles/11596040-best-practices-for-building-mcp-servers";

/**
 * Every requirement of Anthropic's connectors directory (reference 09a), in its order. It looks
 * like CHATGPT_RULES rule for rule but stays a table of its own: each follows its directory's
 * published list (ids, wording, thresholds, sources), and what both judge alike is in heuristics.ts.
 */
export const CLAUDE_RULES: Rule[] = [
  {
    id: "remote_streamable_https",
    title: "Remote server over HTTPS with Streamable HTTP",
    source: BUILDING,
    evaluate: ({ probe }) => {
      if (!reachable(probe)) return verdict("fail", `The server did not answer MCP: ${probe.detail}`);
      if (!probe.final_url.startsWith("https:"))
        return verdict("fail", "The server is not served over HTTPS.");
      if (probe.transport === "sse")
        return verdict("warn", "Only the legacy HTTP+SSE transport answers; it is being deprecated.");
      return verdict("pass", "Streamable HTTP over HTTPS.");
    },
  },
  {
    id: "supported_auth_type",
    title: "Authless, or OAuth with dynamic or metadata-document client registration",
    source: AUTHENTICATION,
    evaluate: (input) =>
      withAuth(input, (auth) => {
        if (!auth.required) return verdict("pass", "Authless: no credential is needed.");
        const oauth = oauthComplete(auth);
        if (!oauth.ok) return verdict("fail", oauth.missing.join(" "));
        const how = auth.client_id_metadata_document_supported
          ? "CIMD (recommended)"
          : "dynamic client registration";
        return verdict("pass", `OAuth with ${how}.`);
      }),
  },
  {
    id: "oauth_callback_allowlisted",
    title: "OAuth redirect URI https://claude.ai/api/mcp/auth_callback is accepted",
    source: AUTHENTICATION,
    evaluate: (input) =>
      withAuth(input, (auth) =>
        auth.required
          ? verdict(
              "manual",
              "Confirm the authorization server accepts https://claude.ai/api/mcp/auth_callback (the prober does not register clients).",
            )
          : verdict("na", "The server needs no OAuth."),
      ),
  },
  {
    id: "trusted_tls_certificate",
    title: "TLS certificate from a recognized authority",
    source: POLICY,
    evaluate: ({ probe }) => {
      if (probe.outcome === "tls_error") return verdict("fail", probe.detail);
      if (!probe.final_url.startsWith("https:"))
        return verdict("fail", "The server is not served over HTTPS.");
      if (!reachable(probe)) return verdict("na", "The server did not answer; the certificate was not seen.");
      return verdict("pass", "The certificate chain verified against the public roots.");
    },
  },
  {
    id: "tool_annotations",
    title: "Every tool has a title and readOnlyHint or destructiveHint",
    source: CRITERIA,
    evaluate: (input) =>
      withTools(input, (tools) => {
        const missing = tools
          .filter((t) => {
            const a = annotations(t);
            const title = typeof a.title === "string" || typeof t.title === "string";
            return !title || (typeof a.readOnlyHint !== "boolean" && typeof a.destructiveHint !== "boolean");
          })
          .map((t) => t.name);
        return missing.length
          ? verdict("fail", `Missing a title or a read-only/destructive hint: ${list(missing)}.`)
          : verdict("pass", "Every tool is annotated.");
      }),
  },
  {
    id: "tool_name_length",
    title: "Tool names of at most 64 characters",
    source: CRITERIA,
    evaluate: (input) =>
      withTools(input, (tools) => {
        const long = tools.filter((t) => t.name.length > 64).map((t) => t.name.slice(0, 40));
        return long.length
          ? verdict("fail", `Too long: ${list(long)}.`)
          : verdict("pass", "Every name has at most 64 characters.");
      }),
  },
  {
    id: "read_write_separation",
    title: "No single tool both reads and writes (for example a generic HTTP method parameter)",
    source: CRITERIA,
    evaluate: (input) =>
      withTools(input, (tools) => {
        const mixed = tools
          .filter((t) => {
            const props = (t.inputSchema as { properties?: Record<string, { enum?: unknown[] }> } | undefined)
              ?.properties;
            const methods = (props?.method?.enum ?? []).map((m) => String(m).toUpperCase());
            return (
              methods.includes("GET") && methods.some((m) => ["POST", "PUT", "PATCH", "DELETE"].includes(m))
            );
          })
          .map((t) => t.name);
        return mixed.length
          ? verdict("fail", `Accepts both safe and unsafe HTTP methods: ${list(mixed)}.`)
          : verdict("pass", "No tool mixes read and write methods.");
      }),
  },
  {
    id: "freeform_tools_documented",
    title: "Free-form query tools name or link the API they call",
    source: CRITERIA,
    evaluate: (input) =>
      withTools(input, (tools) => {
        const freeform = new Set(toolsWithParams(tools, /^(path|endpoint|url|query|sql|body|request)$/));
        const undocumented = tools
          .filter((t) => freeform.has(t.name) && !/https?:\/\/|\bapi\b/i.test(description(t)))
          .map((t) => t.name);
        return undocumented.length
          ? verdict("warn", `Free-form parameters without a named or linked API: ${list(undocumented)}.`)
          : verdict("pass", "Free-form tools name their API, or there are none.");
      }),
  },
  {
    id: "no_prompt_injection",
    title: "Descriptions do not instruct the model, promote, or hide text",
    source: POLICY,
    evaluate: (input) =>
      withTools(input, (tools) => {
        const flagged = tools
          .filter((t) => looksInjected(`${description(t)} ${propertyNames(t.inputSchema).join(" ")}`))
          .map((t) => t.name);
        return flagged.length
          ? verdict("fail", `Instruction-like or hidden text in: ${list(flagged)}.`)
          : verdict("pass", "No instruction-like patterns or hidden characters found.");
      }),
  },
  {
    id: "tool_descriptions",
    title: "Every tool has a narrow, unambiguous description",
    source: CRITERIA,
    evaluate: (input) =>
      withTools(input, (tools) => {
        const thin = tools.filter((t) => description(t).trim().length < 20).map((t) => t.name);
        if (thin.length === tools.length) return verdict("fail", "No tool has a description of substance.");
        return thin.length
          ? verdict("warn", `Missing or very short descriptions: ${list(thin)}. Reviewers call every tool.`)
          : verdict(
              "pass",
              "Every tool is described; reviewers still check that descriptions match behaviour.",
            );
      }),
  },
  {
    id: "result_size_limits",
    title: "Tool results within 150,000 characters (25,000 tokens in Claude Code), answers within 300 s",
    source: BUILDING,
    manual: "Tool results are only seen by calling tools, which the prober does not do.",
  },
  {
    id: "responsive",
    title: "Responds within a second for standard operations; aims for 99% uptime",
    source: BEST_PRACTICES,
    evaluate: ({ probe }) => {
      const ms = probe.timings.handshake_ms;
      if (ms == null)
        return reachable(probe)
          ? verdict("manual", "No handshake was timed (authorization required).")
          : verdict("fail", probe.detail);
      return handshakeSpeed(ms);
    },
  },
  {
    id: "client_identity_not_gated",
    title: "Does not gate on clientInfo.name (claude-ai, claude-code)",
    source: BUILDING,
    manual: "Confirm the server answers every client name alike.",
  },
  {
    id: "privacy_policy",
    title: "Published privacy policy",
    source: SUBMISSION,
    manual: "Provide a public privacy policy URL.",
  },
  {
    id: "documentation",
    title: "Setup and usage documentation with at least three example prompts",
    source: SUBMISSION,
    manual: "Provide a public documentation URL and example prompts.",
  },
  {
    id: "support_and_security_contact",
    title: "Support channel and a security vulnerability process",
    source: SUBMISSION,
    manual: "Provide a support contact and how vulnerabilities are reported and fixed.",
  },
  {
    id: "test_account",
    title: "Fully populated test account without 2FA, valid 30 days",
    source: SUBMISSION,
    manual: "Provide reviewer credentials.",
  },
  {
    id: "branding",
    title: "Name, tagline, 50-100 word description, square SVG logo, favicon",
    source: SUBMISSION,
    manual: "Prepare the listing assets.",
  },
  {
    id: "production_ready",
    title: "Generally available, not beta or staging",
    source: SUBMISSION,
    manual: "Submit only a production endpoint.",
  },
  {
    id: "usage_policy",
    title: "Complies with the software directory policy (data minimisation, no memory or chat extraction)",
    source: POLICY,
    manual: "A reviewer runs a policy compliance scan.",
  },
  {
    id: "mcp_apps_ui",
    title: "MCP Apps: inline height, accessibility, screenshots",
    source: SUBMISSION,
    evaluate: (input) => {
      const apps = input.tools.filter((t) => uiResource(t)).map((t) => t.name);
      return apps.length
        ? verdict("manual", `UI tools (${list(apps)}) need 3-5 screenshots and a UI review.`)
        : verdict("na", "No tool declares an MCP App UI.");
    },
  },
];
