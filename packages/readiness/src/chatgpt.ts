import {
  PROMOTIONAL,
  annotations,
  description,
  handshakeSpeed,
  isWriteLike,
  list,
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

const GUIDELINES = "https://developers.openai.com/apps-sdk/app-submission-guidelines";
const SUBMISSION = "https://developers.openai.com/apps-sdk/deploy/submission";
const AUTH = "https://developers.openai.com/apps-sdk/build/auth";
const ANNOTATIONS = "https://developers.openai.com/apps-sdk/reference#annotations";

/** Hosts that serve tunnels or local development, never a public app. */
const NOT_PUBLIC =
  /(^|\.)(localhost|ngrok\.io|ngrok-free\.app|ngrok\.app|trycloudflare\.com|loca\.lt|localtunnel\.me)$/;

/** Every requirement of OpenAI's apps directory (reference 09b), in its order. */
export const CHATGPT_RULES: Rule[] = [
  {
    id: "organization_verified",
    title: "Organization identity verified for the publishing name",
    source: SUBMISSION,
    manual: "Verify the individual or business in the platform dashboard.",
  },
  {
    id: "submitter_role",
    title: "Submitter has the Owner role (or api.apps.write)",
    source: SUBMISSION,
    manual: "Check the submitter's role.",
  },
  {
    id: "public_availability",
    title: "Intended to be public in the selected countries",
    source: SUBMISSION,
    manual: "Private use belongs in Developer Mode.",
  },
  {
    id: "public_https_endpoint",
    title: "MCP server on a public HTTPS domain, not a local or tunnel endpoint",
    source: SUBMISSION,
    evaluate: ({ probe }) => {
      const host = new URL(probe.final_url).hostname;
      if (NOT_PUBLIC.test(host) || /^[\d.]+$|^\[/.test(host))
        return verdict("fail", `${host} is not a public domain.`);
      if (!probe.final_url.startsWith("https:"))
        return verdict("fail", "The server is not served over HTTPS.");
      return reachable(probe)
        ? verdict("pass", `${host} answers MCP over HTTPS.`)
        : verdict("fail", probe.detail);
    },
  },
  {
    id: "widget_csp",
    title: "Widget resources declare a CSP (connect, resource and frame domains)",
    source: ANNOTATIONS,
    evaluate: (input) => {
      const widgets = input.tools.filter((t) => uiResource(t)).map((t) => t.name);
      return widgets.length
        ? verdict(
            "manual",
            `Check the CSP of the widgets of ${list(widgets)}; frameDomains draws extra review.`,
          )
        : verdict("na", "No tool declares a widget.");
    },
  },
  {
    id: "tool_names",
    title: "Unique, human-readable tool names without promotional words",
    source: GUIDELINES,
    evaluate: (input) =>
      withTools(input, (tools) => {
        const seen = new Set<string>();
        const dupes = tools.filter((t) => seen.has(t.name) || !seen.add(t.name)).map((t) => t.name);
        if (dupes.length) return verdict("fail", `Duplicate names: ${list(dupes)}.`);
        const promo = tools.filter((t) => PROMOTIONAL.test(t.name.replace(/[_-]/g, " "))).map((t) => t.name);
        return promo.length
          ? verdict("warn", `Promotional names: ${list(promo)}.`)
          : verdict("pass", "Names are unique and plain.");
      }),
  },
  {
    id: "tool_descriptions",
    title: "Descriptions match behaviour and do not favour the app over others",
    source: GUIDELINES,
    evaluate: (input) =>
      withTools(input, (tools) => {
        const missing = tools.filter((t) => description(t).trim().length < 10).map((t) => t.name);
        const promo = tools.filter((t) => PROMOTIONAL.test(description(t))).map((t) => t.name);
        if (missing.length) return verdict("fail", `Missing descriptions: ${list(missing)}.`);
        return promo.length
          ? verdict("warn", `Promotional wording in: ${list(promo)}.`)
          : verdict("pass", "Every tool is described plainly.");
      }),
  },
  {
    id: "tool_annotations",
    title: "Correct readOnlyHint, destructiveHint and openWorldHint on every tool",
    source: ANNOTATIONS,
    evaluate: (input) =>
      withTools(input, (tools) => {
        const unlabelled = tools
          .filter((t) => typeof annotations(t).readOnlyHint !== "boolean")
          .map((t) => t.name);
        const contradicted = tools
          .filter((t) => isWriteLike(t) && annotations(t).readOnlyHint === true)
          .map((t) => t.name);
        if (contradicted.length)
          return verdict("fail", `Write-like tools marked read-only: ${list(contradicted)}.`);
        if (unlabelled.length) return verdict("fail", `No readOnlyHint: ${list(unlabelled)}.`);
        const openWorld = tools
          .filter((t) => typeof annotations(t).openWorldHint !== "boolean")
          .map((t) => t.name);
        return openWorld.length
          ? verdict("warn", `No openWorldHint: ${list(openWorld)}.`)
          : verdict("pass", "Every tool carries its hints; reviewers ask for a justification of each.");
      }),
  },
  {
    id: "minimal_inputs",
    title: "No inputs asking for conversation history or precise location",
    source: GUIDELINES,
    evaluate: (input) =>
      withTools(input, (tools) => {
        const hoarding = toolsWithParams(
          tools,
          /^(conversation(_history)?|chat_history|transcript|messages|full_context|latitude|longitude|lat|lng|lon|gps|coordinates|street_address|address)$/,
        );
        return hoarding.length
          ? verdict("warn", `Parameters that look like conversation or location data: ${list(hoarding)}.`)
          : verdict("pass", "No such parameters.");
      }),
  },
  {
    id: "response_minimization",
    title: "Results carry no telemetry or internal identifiers",
    source: GUIDELINES,
    evaluate: (input) =>
      withTools(input, (tools) => {
        const leaky = tools
          .filter((t) =>
            propertyNames(t.outputSchema).some((p) =>
              /^(session_?id|trace_?id|request_?id|span_?id|debug|telemetry)$/i.test(p),
            ),
          )
          .map((t) => t.name);
        if (leaky.length) return verdict("warn", `Output schemas with internal identifiers: ${list(leaky)}.`);
        return verdict(
          "manual",
          "Results are only seen by calling tools; no output schema shows internal identifiers.",
        );
      }),
  },
  {
    id: "restricted_data",
    title: "Does not collect payment cards, health data, government IDs or credentials",
    source: GUIDELINES,
    evaluate: (input) =>
      withTools(input, (tools) => {
        const sensitive = toolsWithParams(
          tools,
          /^(password|passwd|passphrase|api_?key|secret(_key)?|otp|mfa_?code|totp|ssn|social_security(_number)?|card_?number|credit_?card|cvv|cvc|pin)$/,
        );
        return sensitive.length
          ? verdict("fail", `Parameters that collect restricted data: ${list(sensitive)}.`)
          : verdict("pass", "No parameters ask for restricted data.");
      }),
  },
  {
    id: "oauth",
    title: "OAuth 2.1 with PKCE S256, discoverable metadata, dynamic or CIMD registration",
    source: AUTH,
    evaluate: (input) =>
      withAuth(input, (auth) => {
        if (!auth.required) return verdict("na", "The server needs no authorization.");
        const oauth = oauthComplete(auth);
        return oauth.ok
          ? verdict("pass", "The authorization metadata is complete.")
          : verdict("fail", oauth.missing.join(" "));
      }),
  },
  {
    id: "domain_verification",
    title: "Domain verified at /.well-known/openai-apps-challenge",
    source: SUBMISSION,
    manual: "The challenge token is issued at submission.",
  },
  {
    id: "reliability",
    title: "Predictable, low latency, no crashes or hangs",
    source: GUIDELINES,
    evaluate: ({ probe }) => {
      if (!reachable(probe)) return verdict("fail", probe.detail);
      const ms = probe.timings.handshake_ms;
      if (ms == null) return verdict("manual", "Behind authorization: latency not measured.");
      return handshakeSpeed(ms);
    },
  },
  {
    id: "side_effects_explicit",
    title: "Write actions are marked as such and say whether they are safe to retry",
    source: GUIDELINES,
    evaluate: (input) =>
      withTools(input, (tools) => {
        const vague = tools
          .filter((t) => isWriteLike(t))
          .filter(
            (t) =>
              annotations(t).readOnlyHint !== false || typeof annotations(t).idempotentHint !== "boolean",
          )
          .map((t) => t.name);
        return vague.length
          ? verdict("warn", `Write-like tools without readOnlyHint false and idempotentHint: ${list(vague)}.`)
          : verdict("pass", "Write actions are explicit.");
      }),
  },
  {
    id: "privacy_policy",
    title: "Published privacy policy (data, purposes, recipients, retention, controls)",
    source: GUIDELINES,
    manual: "Provide the privacy policy URL.",
  },
  {
    id: "support_contact",
    title: "Accurate customer support contact",
    source: GUIDELINES,
    manual: "Provide support details.",
  },
  {
    id: "test_credentials",
    title: "Demo account with sample data, no extra sign-up or 2FA",
    source: GUIDELINES,
    manual: "Provide reviewer credentials.",
  },
  {
    id: "listing_metadata",
    title: "Clear name, description, accurate screenshots and icons",
    source: GUIDELINES,
    manual: "Prepare the listing.",
  },
  {
    id: "audience",
    title: "Suitable for ages 13-17, not aimed at children",
    source: GUIDELINES,
    manual: "Confirm the audience.",
  },
  {
    id: "commerce",
    title: "Physical goods only, external checkout, no ads",
    source: GUIDELINES,
    manual: "Confirm what the app sells, if anything.",
  },
  {
    id: "fair_play",
    title: "No manipulation of app selection, no unofficial connectors, owned IP only",
    source: GUIDELINES,
    manual: "A reviewer checks fair-play rules.",
  },
  {
    id: "privacy_practices",
    title: "No undisclosed tracking or profiling; no reconstructing chat history",
    source: GUIDELINES,
    manual: "A reviewer checks data practices.",
  },
];
