import { z } from "zod";

/**
 * Every setting of every service, in one place: its parser, default and meaning. Services read
 * the parsed object; the README's configuration table is generated from this list.
 */
type Setting<T extends z.ZodType> = { schema: T; description: string; services: string };

function setting<T extends z.ZodType>(schema: T, services: string, description: string): Setting<T> {
  return { schema, description, services };
}

const int = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);
const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", ""])
    .default(fallback ? "true" : "false")
    .transform((v) => v === "true" || v === "1");
const optionalString = () =>
  z
    .string()
    .optional()
    .transform((v) => (v === "" ? undefined : v));

export const settings = {
  NODE_ENV: setting(
    z.enum(["development", "production", "test"]).default("development"),
    "all",
    "Runtime mode.",
  ),
  LOG_LEVEL: setting(
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    "all",
    "Minimum level of the JSON logs.",
  ),
  DATABASE_URL: setting(
    z.string().default("postgresql://postgres@127.0.0.1:5432/catalog"),
    "all",
    "PostgreSQL connection URL.",
  ),
  DATABASE_POOL_SIZE: setting(int(10), "all", "Connections per process in the PostgreSQL pool."),
  REDIS_URL: setting(z.string().default("redis://127.0.0.1:6379"), "all", "Redis URL for queues and limits."),
  QUEUE_PREFIX: setting(z.string().min(1).default("catalog"), "all", "Key prefix of every BullMQ queue."),
  PORT: setting(int(8080), "gateway", "HTTP port of the gateway."),
  BASE_URL: setting(
    z.string().default("http://localhost:8080"),
    "gateway",
    "Public base URL, used in Location headers, check pages, next_actions and deeplinks.",
  ),
  SEARCH_URL: setting(
    z.string().default("http://127.0.0.1:8081"),
    "gateway",
    "Internal URL of the search service.",
  ),
  METRICS_PORT: setting(
    int(9464),
    "gateway",
    "Internal port of the gateway for /metrics (kept off the public port).",
  ),
  ADMIN_TOKEN: setting(
    optionalString(),
    "gateway",
    "Token of the operators' admin paths (queue dashboard at /admin/queues, blocklist); unset disables them.",
  ),
  QUEUE_VIEWER_TOKEN: setting(
    optionalString(),
    "gateway",
    "Token of the read-only queue dashboard (/admin/queues without its actions); unset: only the admin token opens it.",
  ),
  VIEWS_FILE: setting(
    optionalString(),
    "gateway",
    "YAML or JSON file of an operator's registry views ({views: [{name, title, description, rules}]}), served beside the built-in ones; checked at start.",
  ),
  VIEWS_REFRESH_MS: setting(
    int(30_000),
    "gateway",
    "How long a gateway reuses the servers of a registry view before applying its rules to the catalog again (and recording who joined and left).",
  ),
  SEARCH_TIMEOUT_MS: setting(int(5000), "gateway", "Timeout of one search request to the search service."),
  READ_CACHE_MAX_BYTES: setting(
    int(64 * 1024 * 1024),
    "gateway",
    "Bytes of rendered read bodies (descriptors, tool pages, connections, /v0.1 pages, search answers) a gateway replica keeps; 0 keeps none.",
  ),
  READ_CACHE_TTL_MS: setting(
    int(300_000),
    "gateway",
    "Longest a rendered read body is kept; writers announce every change, so this only bounds staleness should an announcement be lost.",
  ),
  SEARCH_PORT: setting(
    int(8081),
    "search",
    "HTTP port of the search service's internal API (and health), called by the gateway.",
  ),
  SEARCH_METRICS_PORT: setting(
    int(9465),
    "search",
    "Internal port of the search service for /metrics (and health), apart from the API so network policies can tell them apart.",
  ),
  CATALOG_PORT: setting(int(8082), "catalog", "HTTP port of the catalog service (health, metrics)."),
  INGEST_PORT: setting(int(8083), "ingest", "HTTP port of the ingest service (health, metrics)."),
  PROBER_PORT: setting(int(8084), "prober", "HTTP port of the prober service (health, metrics)."),
  REGISTRY_URL: setting(
    z.string().default("https://registry.modelcontextprotocol.io"),
    "ingest",
    "Upstream registry base URL (http, https or file:// of a snapshot).",
  ),
  REGISTRY_SNAPSHOT: setting(
    optionalString(),
    "ingest",
    "Path of a registry snapshot file mirrored when REGISTRY_URL cannot be reached.",
  ),
  REGISTRY_MIN_INTERVAL_MS: setting(
    int(1000),
    "ingest",
    "Minimum time between two upstream registry requests.",
  ),
  REGISTRY_TIMEOUT_MS: setting(int(20000), "ingest", "Timeout of one upstream registry request."),
  MIRROR_EVERY_MS: setting(int(3_600_000), "ingest", "Interval of the incremental registry mirror."),
  MIRROR_FULL_EVERY_MS: setting(
    int(86_400_000),
    "ingest",
    "Interval of the full reconciliation, which catches upstream edits that did not move updatedAt.",
  ),
  MIRROR_ON_START: setting(bool(true), "ingest", "Run a mirror pass when the ingest service starts."),
  MIRROR_ENABLED: setting(
    bool(true),
    "ingest",
    "The live registry mirror (hourly passes to REGISTRY_URL). false on an air-gapped install: no registry request is made; load the catalog with the import command.",
  ),
  DEPSDEV_URL: setting(
    z.string().default("https://api.deps.dev"),
    "ingest",
    "Base URL of the deps.dev API (resolved dependency graphs of npm and PyPI packages).",
  ),
  OSV_URL: setting(
    z.string().default("https://api.osv.dev"),
    "ingest",
    "Base URL of the OSV API (advisories).",
  ),
  DEPENDENCY_TIMEOUT_MS: setting(int(15_000), "ingest", "Timeout of one deps.dev or OSV request."),
  DEPENDENCY_RETRIES: setting(
    int(4),
    "ingest",
    "Retries of a deps.dev or OSV request that failed on the network, timed out or answered 429/5xx (Retry-After honoured).",
  ),
  DEPSDEV_MIN_INTERVAL_MS: setting(int(100), "ingest", "Minimum time between two deps.dev requests."),
  OSV_MIN_INTERVAL_MS: setting(int(100), "ingest", "Minimum time between two OSV requests."),
  DEPENDENCY_REFRESH_DAYS: setting(int(30), "ingest", "Days before a dependency graph is read again."),
  DEPENDENCY_MONITOR_TOP: setting(
    int(100),
    "ingest",
    "The servers with the highest trust count as monitored (graphs read daily), with those accounts asked for.",
  ),
  DEPENDENCY_CONCURRENCY: setting(
    int(2),
    "ingest",
    "Servers whose dependencies are resolved at once per ingest process.",
  ),
  DEPENDENCIES_ENABLED: setting(
    bool(true),
    "ingest, catalog",
    "Dependency graphs and advisories from deps.dev and OSV. false on an air-gapped install: no dependency job is queued or run, and reports stay pending.",
  ),
  CATALOG_CONCURRENCY: setting(int(4), "catalog", "Catalog jobs processed in parallel per catalog process."),
  EMBEDDING_PROVIDER: setting(
    z.enum(["local", "openai", "none"]).default("local"),
    "search, catalog",
    "Embedding model: local (USE-lite shipped in npm packages), openai (any OpenAI-compatible endpoint) or none (keyword search only).",
  ),
  EMBEDDING_BASE_URL: setting(
    optionalString(),
    "search, catalog",
    "Base URL of the OpenAI-compatible embeddings endpoint (openai provider); the OpenAI API when unset.",
  ),
  EMBEDDING_API_KEY: setting(
    optionalString(),
    "search, catalog",
    "API key of the embeddings endpoint (openai provider).",
  ),
  EMBEDDING_MODEL: setting(
    z.string().min(1).default("text-embedding-3-small"),
    "search, catalog",
    "Model name sent to the embeddings endpoint (openai provider).",
  ),
  EMBEDDING_DIMENSIONS: setting(
    z.coerce.number().int().positive().optional(),
    "search, catalog",
    "Requested vector size (openai provider, models that can shorten); the model's own size when unset.",
  ),
  EMBEDDING_BATCH_SIZE: setting(
    int(64),
    "search, catalog",
    "Texts per embedding call (the local model takes at most 8: its cost per text does not fall with the batch, and a query waits behind one).",
  ),
  EMBEDDING_THREADS: setting(
    z.coerce.number().int().min(0).max(16).default(1),
    "search, catalog",
    "Local provider: worker threads that each run the model (0: on the main thread, blocking it while a batch is embedded).",
  ),
  EMBEDDING_TIMEOUT_MS: setting(
    int(30_000),
    "search, catalog",
    "Timeout of one embeddings request (openai provider).",
  ),
  QDRANT_URL: setting(
    optionalString(),
    "search",
    "Qdrant URL; when set, vectors live in Qdrant instead of the search service's in-process index.",
  ),
  QDRANT_API_KEY: setting(optionalString(), "search", "Qdrant API key."),
  QDRANT_COLLECTION: setting(
    z.string().min(1).default("catalog"),
    "search",
    "Prefix of the Qdrant collections (one per embedding model).",
  ),
  VECTOR_EXACT_MAX: setting(
    int(10_000),
    "search",
    "In-process index: up to this many vectors of a kind (servers, tools) are searched exactly; above it through HNSW.",
  ),
  SEARCH_GRAPH_DIR: setting(
    optionalString(),
    "search",
    "In-process index: directory where HNSW graphs are saved once built and read at start, then brought level with the stored vectors (a graph of 300,000 vectors is read in seconds, built in minutes); unset: graphs are built at every start.",
  ),
  SEARCH_CANDIDATES: setting(
    int(60),
    "search",
    "Candidates each retriever (keyword servers, names, meaning) contributes to fusion; the tool retrievers twice as many.",
  ),
  SEARCH_CACHED_QUERIES: setting(
    int(1000),
    "search",
    "Unfiltered queries whose candidates a search process keeps until the index changes (0: none); trust and filters still apply on each search.",
  ),
  SEARCH_INDEX_CONCURRENCY: setting(
    int(64),
    "search",
    "Index jobs a search process takes at once; they are indexed together in batches (one read and one write per batch; texts without a vector become embed jobs).",
  ),
  SEARCH_VECTOR_WAIT_MS: setting(
    int(250),
    "search",
    "How long a search waits for its query's vector; past it (the model busy embedding the catalog) it answers by keyword alone, with mode keyword, and the vector serves the next search.",
  ),
  SEARCH_FACTS_REFRESH_MS: setting(
    int(30_000),
    "search",
    "Interval at which the search service reloads server facts (trust, class, categories) it filters on.",
  ),
  PROBER_CONCURRENCY: setting(int(16), "prober", "Probes run in parallel per prober process."),
  PROBER_HOST_CONCURRENCY: setting(
    int(2),
    "prober",
    "Probes at once against one host (host and port) across every prober process.",
  ),
  PROBE_TIMEOUT_MS: setting(int(15_000), "prober", "Deadline of one probe, OAuth discovery included."),
  PROBE_MAX_BODY_BYTES: setting(int(4 * 1024 * 1024), "prober", "Largest response body a probe reads."),
  PROBE_MAX_TOOLS: setting(
    positive(2000),
    "prober",
    "Tools a probe keeps; tools/list paging stops there and the result's tools_error says the list was cut.",
  ),
  PROBE_MAX_TOOL_BYTES: setting(
    positive(4 * 1024 * 1024),
    "prober",
    "JSON bytes of tool definitions a probe keeps in all; paging stops there and tools_error says so.",
  ),
  PROBE_MAX_DESCRIPTION_CHARS: setting(
    positive(8 * 1024),
    "prober",
    "Characters kept of a tool's description (and title and other text); longer text is cut with a note of its length.",
  ),
  PROBE_MAX_SCHEMA_BYTES: setting(
    positive(64 * 1024),
    "prober",
    "JSON bytes kept of a tool's input schema (and output schema, annotations, _meta); a larger schema is replaced by a placeholder that says so.",
  ),
  INTROSPECTION_CONCURRENCY: setting(
    int(1),
    "prober",
    "Packages installed and started in the sandbox at once per prober process (0: this process takes no introspection job; production runs them in their own Deployment, docs/introspection.md).",
  ),
  INTROSPECTION_DEADLINE_MS: setting(
    positive(60_000),
    "prober",
    "Deadline for a started package to open a session and list what it offers; past it the sandbox is killed with its whole process tree.",
  ),
  INTROSPECTION_INSTALL_TIMEOUT_MS: setting(
    positive(180_000),
    "prober",
    "Deadline of one package install (lifecycle scripts off).",
  ),
  INTROSPECTION_CACHE_DIR: setting(
    z.string().min(1).default("/tmp/catalog-packages"),
    "prober",
    "Directory of installed packages, one per name and version; the least recently used go past INTROSPECTION_CACHE_MAX_BYTES (the introspector Deployment mounts a bounded volume there).",
  ),
  INTROSPECTION_CACHE_MAX_BYTES: setting(
    positive(10 * 1024 ** 3),
    "prober",
    "Size the package cache is kept under.",
  ),
  NPM_REGISTRY_URL: setting(
    optionalString(),
    "prober",
    "The npm registry (or a proxy of it) packages are installed from; npm's default when unset.",
  ),
  PYPI_INDEX_URL: setting(
    z.url().default("https://pypi.org/simple/"),
    "prober",
    "The PyPI simple index (PEP 503; or a proxy of it) Python packages are installed from, wheels only.",
  ),
  INTROSPECTION_PYTHON: setting(
    z.string().min(1).default("/usr/bin/python3"),
    "prober",
    "The Python (with pip) that installs PyPI packages and, its prefix shown read-only at /python in the sandbox, runs them and Python bundles.",
  ),
  INTROSPECTIONS_PER_HOUR: setting(
    int(0),
    "catalog",
    "Scheduled introspections queued per hour across the deployment, newest versions first. 0 (the default, for installs without the introspector's sandbox or a registry to install from): none is scheduled; package checks still run.",
  ),
  PROBE_INTERVAL_MS: setting(
    int(86_400_000),
    "catalog",
    "Interval between two scheduled probes of one remote (the rolling schedule).",
  ),
  PROBE_SCHEDULE_EVERY_MS: setting(int(60_000), "catalog", "How often due scheduled probes are queued."),
  SCHEDULED_PROBES_ENABLED: setting(
    bool(true),
    "catalog",
    "Scheduled probes of the catalog's remotes. false on an air-gapped install: none is queued (checks asked for through POST /v1/check still run).",
  ),
  URL_POLICY_TEST_MODE: setting(
    bool(false),
    "gateway, prober",
    "Test only: lets checks and probes reach http:// and loopback URLs. Refused when NODE_ENV=production.",
  ),
  CHECK_LIMIT_ANONYMOUS: setting(
    int(10),
    "gateway",
    "Checks per UTC hour per anonymous client IP (scope you).",
  ),
  CHECK_LIMIT_ACCOUNT: setting(
    int(60),
    "gateway",
    "Checks per UTC hour per account (scope you, with a key).",
  ),
  CHECK_LIMIT_HOST: setting(int(30), "gateway", "Checks per UTC hour per target host (scope host)."),
  CHECK_LIMIT_GLOBAL: setting(int(2000), "gateway", "Checks per UTC hour in total (scope global)."),
  CHECK_REPEAT_WINDOW_MS: setting(
    int(300_000),
    "gateway",
    "A check of the same URL within this window returns the earlier check.",
  ),
  CHECK_RETENTION_DAYS: setting(int(30), "gateway, prober", "Days a check and its result are kept."),
  SHUTDOWN_GRACE_MS: setting(
    int(25_000),
    "all",
    "On SIGTERM a service finishes in-flight work for at most this long, then exits (below the pod's grace period).",
  ),
  RECONCILE_EVERY_MS: setting(
    int(600_000),
    "all",
    "Each service compares the work PostgreSQL says it owes with what Redis holds and queues what is missing: at start, when Redis answers again or comes back without its data, and this often.",
  ),
  WORKER_LOCK_MS: setting(
    int(30_000),
    "catalog, ingest, prober, search",
    "Job lock duration; a crashed worker's job is taken over by another worker after about this long.",
  ),
  TRUSTED_PROXIES: setting(
    z.string().default(""),
    "gateway",
    "Comma-separated addresses or CIDRs of reverse proxies whose X-Forwarded-For is believed; " +
      "empty: the client address is the socket's.",
  ),
  RATE_LIMIT_ENABLED: setting(
    bool(true),
    "gateway",
    "Enforce the rate limits and daily quotas; false only for benchmarks and trusted internal use.",
  ),
  RATE_LIMIT_ANONYMOUS: setting(int(20), "gateway", "Requests per window per client IP without a key."),
  RATE_LIMIT_ACCOUNT: setting(int(60), "gateway", "Requests per window per account, shared by its keys."),
  RATE_LIMIT_WINDOW_SECONDS: setting(
    z.coerce.number().int().positive().default(60),
    "gateway",
    "Length of the rate-limit window.",
  ),
  DAILY_QUOTA_ACCOUNT: setting(int(5000), "gateway", "Requests per account per UTC day."),
  ACTIVE_KEYS_PER_ACCOUNT: setting(
    z.coerce.number().int().positive().default(1),
    "gateway",
    "Active API keys a free account may hold; another is refused until one is revoked.",
  ),
  USAGE_FLUSH_MS: setting(
    z.coerce.number().int().positive().default(5000),
    "gateway",
    "Interval at which per-account usage counters move from Redis to PostgreSQL.",
  ),
  OIDC_ISSUER: setting(
    optionalString(),
    "gateway",
    "OpenID Connect issuer URL for account sign-in; unset disables sign-in (the API stays open).",
  ),
  OIDC_CLIENT_ID: setting(optionalString(), "gateway", "OpenID Connect client id."),
  OIDC_CLIENT_SECRET: setting(optionalString(), "gateway", "OpenID Connect client secret."),
  OIDC_REDIRECT_URI: setting(
    optionalString(),
    "gateway",
    "Callback URL registered at the provider; default BASE_URL + /auth/callback.",
  ),
  OIDC_SCOPES: setting(z.string().default("openid email profile"), "gateway", "Scopes asked at sign-in."),
  SESSION_SECRET: setting(
    optionalString(),
    "gateway",
    "At least 32 characters; signs the short-lived sign-in cookie. Required when OIDC_ISSUER is set.",
  ),
  SESSION_TTL_HOURS: setting(
    z.coerce.number().int().positive().default(168),
    "gateway",
    "Lifetime of an account session.",
  ),
};

/**
 * Settings that carry credentials: they come from a secret store (the Kubernetes Secret
 * `catalog-secrets`), never a ConfigMap.
 */
export const SECRET_SETTINGS = [
  "DATABASE_URL",
  "REDIS_URL",
  "ADMIN_TOKEN",
  "QUEUE_VIEWER_TOKEN",
  "SESSION_SECRET",
  "OIDC_CLIENT_SECRET",
  "EMBEDDING_API_KEY",
  "QDRANT_API_KEY",
] as const satisfies readonly (keyof typeof settings)[];

type Settings = typeof settings;
export type Config = { [K in keyof Settings]: z.output<Settings[K]["schema"]> };

/** Parses the environment once; a bad value stops the process with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const shape = Object.fromEntries(Object.entries(settings).map(([k, s]) => [k, s.schema]));
  const parsed = z.object(shape).safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`invalid configuration: ${problems}`);
  }
  return parsed.data as Config;
}

/** Rows of the README's configuration table: name, default, services, meaning. */
export function settingsTable(): { name: string; fallback: string; services: string; description: string }[] {
  return Object.entries(settings).map(([name, s]) => {
    const fallback = s.schema.safeParse(undefined);
    const value = fallback.success ? fallback.data : undefined;
    return {
      name,
      fallback: value === undefined ? "" : String(value),
      services: s.services,
      description: s.description,
    };
  });
}

export * from "./integrations.js";
