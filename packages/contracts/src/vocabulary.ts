/**
 * The fixed vocabularies of DECISIONS.md section 4: one definition each, used by the scoring
 * code, the API schemas, the OpenAPI document and the SDKs.
 */

export const CONNECTION_CLASSES = ["R0", "R1", "R2", "L0", "unknown"] as const;
export type ConnectionClassId = (typeof CONNECTION_CLASSES)[number];

export const TRUST_FLAGS = [
  "namespace_domain",
  "namespace_github",
  "repository_linked",
  "repository_matches_namespace",
  "remote_host_matches_namespace",
  "remote_reachable",
  "remote_unreachable",
  "oauth_protected",
  "official_sdk",
  "known_advisories",
  "critical_advisory",
  "tools_changed_recently",
  "tool_description_drift",
  "deprecated",
  "new_listing",
  "templated_remote",
  "owner_verified",
  "blocked",
  "tool_poisoning",
  "hidden_content",
  "annotation_mismatch",
  "lethal_trifecta",
  "tools_added_after_listing",
  "tools_differ_by_client",
  "server_card_mismatch",
  "listing_behind_package",
  "deprecated_transport",
  "deprecated_registration",
] as const;
export type TrustFlag = (typeof TRUST_FLAGS)[number];

export const QUALITY_CHECK_IDS = [
  "description_present",
  "remote_reachable",
  "protocol_current",
  "tools_listed",
  "tool_descriptions",
  "tool_input_schemas",
  "tool_names",
  "tool_annotations",
  "auth_metadata",
  "https",
  "latency",
  "stability",
  "no_known_advisories",
] as const;
export type QualityCheckId = (typeof QUALITY_CHECK_IDS)[number];

export const CHECK_STATUSES = ["pass", "warn", "fail", "na"] as const;
export type CheckStatusId = (typeof CHECK_STATUSES)[number];

export const QUALITY_LABELS = ["excellent", "good", "fair", "poor", "unrated"] as const;
export type QualityLabel = (typeof QUALITY_LABELS)[number];

/** excellent >= 85, good >= 70, fair >= 50, poor below, unrated when never assessed. */
export function qualityLabel(score: number | null | undefined): QualityLabel {
  if (score == null) return "unrated";
  if (score >= 85) return "excellent";
  if (score >= 70) return "good";
  if (score >= 50) return "fair";
  return "poor";
}

/**
 * Where a server's tool list was observed: a scheduled probe of its remote, an on-demand check,
 * an operator import, or its package started in the prober's sandbox (introspection).
 */
export const TOOL_SOURCES = ["probe", "check", "import", "introspection"] as const;
export type ToolSourceId = (typeof TOOL_SOURCES)[number];
export const READINESS_DIRECTORIES = ["claude", "chatgpt"] as const;
export const READINESS_STATUSES = ["pass", "fail", "warn", "manual", "na"] as const;
export const DEPENDENCY_STATUSES = ["resolved", "incomplete", "unknown", "pending"] as const;
export const CHECK_STATES = ["queued", "running", "done"] as const;
export const PROBE_OUTCOMES = [
  "ok",
  "auth_required",
  "not_mcp",
  "wrong_transport",
  "timeout",
  "tls_error",
  "dns_error",
  "refused",
  "http_error",
] as const;
export type ProbeOutcome = (typeof PROBE_OUTCOMES)[number];

/**
 * How an introspection of a package (installed and started in a sandbox) ended. Shares the URL
 * probe's words where the meaning is the same (`tools` is the packaged twin of a listed `ok`,
 * `needs_credentials` of a late gate).
 */
export const INTROSPECTION_OUTCOMES = [
  "tools",
  "needs_credentials",
  "needs_arguments",
  "start_failed",
  "timed_out",
  "version_unavailable",
  "install_failed",
  "not_introspectable_here",
] as const;
export type IntrospectionOutcomeId = (typeof INTROSPECTION_OUTCOMES)[number];

/** The package registries a listing may name (server.json `registryType`). */
export const PACKAGE_REGISTRY_TYPES = ["npm", "pypi", "oci", "nuget", "mcpb"] as const;

/**
 * How far a remote lets an unauthenticated client in (modelcontextprotocol issue #540):
 * `open`: the handshake (server/discover or initialize) and tools/list both answer;
 * `late_gate`: the handshake answers, tools/list asks for sign-in (401): identity, protocol and
 * capabilities are known, the tools are not until sign-in; `hard_gate`: the handshake itself answers 401.
 */
export const ACCESS_CLASSES = ["open", "late_gate", "hard_gate"] as const;
export type AccessClass = (typeof ACCESS_CLASSES)[number];

/** Who may reuse a cacheable 2026-07-28 list result (SEP-2549 `cacheScope`). */
export const CACHE_SCOPES = ["public", "private"] as const;

export const CONNECTION_TARGETS = [
  "mcpServers",
  "vscode",
  "cursor",
  "claude-code-cli",
  "codex-toml",
  "gemini",
  "goose",
  "antigravity",
] as const;
export type ConnectionTarget = (typeof CONNECTION_TARGETS)[number];

/** The category taxonomy served at GET /v1/categories. */
export const CATEGORIES = [
  {
    id: "ai-ml",
    title: "AI and machine learning",
    description: "Models, inference, embeddings, agents and ML tooling.",
  },
  {
    id: "browser-automation",
    title: "Browser automation",
    description: "Drive a web browser: navigate, click, fill forms, scrape pages.",
  },
  {
    id: "cloud-infrastructure",
    title: "Cloud infrastructure",
    description: "Cloud providers, compute, storage, networking and infrastructure as code.",
  },
  {
    id: "communication",
    title: "Communication",
    description: "Messaging, chat, email, team channels, calls and notifications.",
  },
  {
    id: "crm-sales",
    title: "CRM and sales",
    description: "Customer records, leads, deals and sales pipelines.",
  },
  {
    id: "data-analytics",
    title: "Data and analytics",
    description: "Analytics, metrics, spreadsheets, BI dashboards and data pipelines.",
  },
  {
    id: "databases",
    title: "Databases",
    description: "Query and manage SQL, NoSQL, vector and graph databases.",
  },
  {
    id: "design-media",
    title: "Design and media",
    description: "Images, video, audio, design tools and creative assets.",
  },
  {
    id: "developer-tools",
    title: "Developer tools",
    description: "Code, repositories, issues, builds, package registries and APIs for developers.",
  },
  {
    id: "devops-monitoring",
    title: "DevOps and monitoring",
    description: "Deployments, CI/CD, logs, metrics, alerts and incident response.",
  },
  {
    id: "documents-knowledge",
    title: "Documents and knowledge",
    description: "Notes, wikis, documents, PDFs and knowledge bases.",
  },
  {
    id: "ecommerce-payments",
    title: "E-commerce and payments",
    description: "Stores, products, orders, checkout and payment processing.",
  },
  {
    id: "education",
    title: "Education",
    description: "Learning, courses, tutoring, research papers and academic content.",
  },
  {
    id: "filesystem",
    title: "Files and storage",
    description: "Read, write and search local or remote files and folders.",
  },
  {
    id: "finance",
    title: "Finance",
    description: "Markets, stocks, crypto, accounting, banking and invoices.",
  },
  {
    id: "health",
    title: "Health",
    description: "Medical information, fitness, nutrition and healthcare data.",
  },
  {
    id: "location-maps",
    title: "Location and maps",
    description: "Maps, geocoding, directions, places, weather and travel.",
  },
  {
    id: "marketing-social",
    title: "Marketing and social",
    description: "Social media, campaigns, SEO, advertising and audience analytics.",
  },
  {
    id: "productivity",
    title: "Productivity",
    description: "Tasks, calendars, project management and workflow automation.",
  },
  {
    id: "search-web",
    title: "Search and web",
    description: "Web search, fetching pages, news and information retrieval.",
  },
  {
    id: "security",
    title: "Security",
    description: "Vulnerabilities, secrets, identity, compliance and threat intelligence.",
  },
  { id: "other", title: "Other", description: "Servers that fit none of the other categories." },
] as const;
export type CategoryId = (typeof CATEGORIES)[number]["id"];
export const CATEGORY_IDS = CATEGORIES.map((c) => c.id) as [CategoryId, ...CategoryId[]];
