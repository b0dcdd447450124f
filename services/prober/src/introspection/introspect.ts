import type { Config } from "@catalog/config";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { z } from "zod";
import {
  classifyEnding,
  endedResult,
  planLaunch,
  scrubLines,
  type Ecosystem,
  type IntrospectionResult,
  type Launch,
  type LaunchPlan,
  type ListedItem,
  type Started,
  type Verdict,
} from "@catalog/introspection";
import { CLIENT_INFO, DEFAULT_PROBE_LIMITS, keepTool } from "@catalog/mcp-probe";
import type { Package } from "@catalog/registry";
import { policyFromSettings, SafeHttp } from "@catalog/url-policy";
import { DEFAULT_BUNDLE_LIMITS, installMcpb, mcpbStart, type BundleOptions } from "./install-mcpb.js";
import { installNpm, npmStart } from "./install-npm.js";
import { installPypi, pypiStart, pythonPrefix } from "./install-pypi.js";
import { InstallFailure, type CacheOptions, type Installed } from "./package-cache.js";
import {
  DEFAULT_SANDBOX_LIMITS,
  sandboxUids,
  startSandboxed,
  type Sandboxed,
  type SandboxLimits,
} from "./sandbox.js";

/** The settings introspection runs with. */
export type IntrospectionSettings = Pick<
  Config,
  | "INTROSPECTION_DEADLINE_MS"
  | "INTROSPECTION_INSTALL_TIMEOUT_MS"
  | "INTROSPECTION_CACHE_DIR"
  | "INTROSPECTION_CACHE_MAX_BYTES"
  | "NPM_REGISTRY_URL"
  | "PYPI_INDEX_URL"
  | "INTROSPECTION_PYTHON"
>;

/**
 * How packages are installed and started, from the settings. Bundles are downloaded through `http`,
 * under the URL policy of remote probes (a bundle's URL is the listing's, as untrusted as a remote's).
 */
export function introspectOptions(config: IntrospectionSettings, http: SafeHttp): IntrospectOptions {
  return {
    cache: {
      dir: config.INTROSPECTION_CACHE_DIR,
      maxBytes: config.INTROSPECTION_CACHE_MAX_BYTES,
      timeoutMs: config.INTROSPECTION_INSTALL_TIMEOUT_MS,
      ...(config.NPM_REGISTRY_URL ? { registry: config.NPM_REGISTRY_URL } : {}),
      pypiIndex: config.PYPI_INDEX_URL,
      python: config.INTROSPECTION_PYTHON,
    },
    limits: { deadlineMs: config.INTROSPECTION_DEADLINE_MS },
    bundles: { ...DEFAULT_BUNDLE_LIMITS, fetch: (url) => http.fetch(url) },
  };
}

/** The HTTP client bundles are downloaded with: the URL policy's, bounded to a bundle's size. */
export function bundleHttp(config: Pick<Config, "URL_POLICY_TEST_MODE" | "NODE_ENV">): SafeHttp {
  return new SafeHttp({
    ...policyFromSettings(config.URL_POLICY_TEST_MODE, config.NODE_ENV),
    maxBodyBytes: DEFAULT_BUNDLE_LIMITS.maxDownloadBytes + 1,
  });
}

export type IntrospectOptions = {
  cache: CacheOptions;
  limits?: Partial<SandboxLimits>;
  /** npm: installs from this source (a packed tarball) instead of the registry, under the listing's key. */
  source?: string;
  /** MCP bundles: how they are fetched (the URL policy's fetch) and their bounds. */
  bundles?: BundleOptions;
};

/** Per ecosystem: its install into the cache, and what the install says to start. */
const ECOSYSTEMS: Record<
  Ecosystem,
  {
    install: (plan: LaunchPlan, options: IntrospectOptions) => Promise<Installed>;
    start: (plan: LaunchPlan, installed: Installed) => Promise<Started>;
  }
> = {
  npm: { install: (plan, options) => installNpm(options.cache, plan, options.source), start: npmStart },
  pypi: { install: (plan, options) => installPypi(options.cache, plan), start: pypiStart },
  mcpb: {
    install: (plan, options) =>
      installMcpb(
        options.cache,
        options.bundles ?? defaultBundles(),
        plan as Extract<LaunchPlan, { ecosystem: "mcpb" }>,
      ),
    start: mcpbStart,
  },
};

let policyFetch: SafeHttp | undefined;
/** Without options, bundles are fetched under the production URL policy. */
function defaultBundles(): BundleOptions {
  policyFetch ??= new SafeHttp({ maxBodyBytes: DEFAULT_BUNDLE_LIMITS.maxDownloadBytes + 1 });
  const http = policyFetch;
  return { ...DEFAULT_BUNDLE_LIMITS, fetch: (url) => http.fetch(url) };
}

/**
 * Introspects a listing's package: plans its launch, installs it, starts it in the sandbox, speaks
 * MCP over stdio and lists what it offers, then stops it. Every way it can end is an outcome.
 */
export async function introspectPackage(
  pkg: Package,
  options: IntrospectOptions,
): Promise<IntrospectionResult> {
  const started = performance.now();
  const totalMs = () => Math.round(performance.now() - started);
  const timings = () => ({ installMs: null, startMs: null, totalMs: totalMs() });
  const planned = planLaunch(pkg);
  if ("notHere" in planned) return endedResult(planned.notHere, { timings: timings() });
  const plan = planned.launch;
  const ecosystem = ECOSYSTEMS[plan.ecosystem];
  const installed = await ecosystem.install(plan, options).catch((err) => {
    if (err instanceof InstallFailure) return err.verdict;
    throw err;
  });
  if (!("dir" in installed))
    return endedResult(installed, { placeholders: plan.placeholders, timings: timings() });
  const launch = await ecosystem.start(plan, installed);
  if ("notStarted" in launch)
    return endedResult(launch.notStarted, {
      placeholders: plan.placeholders,
      timings: { ...timings(), installMs: installed.ms },
    });
  // The sandbox's uid is its own while it runs (its processes are gone once it has ended).
  const given = options.limits?.uid;
  const slot = given === undefined ? sandboxUids.take() : null;
  const limits = { ...DEFAULT_SANDBOX_LIMITS, ...options.limits, uid: given ?? slot!.uid };
  const python = await pythonPrefix(options.cache.python).catch(() => undefined);
  const result = await runInSandbox(launch.launch, { root: installed.root, python }, limits).finally(() =>
    slot?.release(),
  );
  return { ...result, timings: { ...result.timings, installMs: installed.ms, totalMs: totalMs() } };
}

async function runInSandbox(
  launch: Launch,
  dirs: { root: string; python: string | undefined },
  limits: SandboxLimits,
): Promise<IntrospectionResult> {
  const scratchDir = await mkdtemp(join(tmpdir(), "introspection-"));
  await chown(scratchDir, limits.uid, limits.uid);
  const box = startSandboxed({
    packageDir: dirs.root,
    scratchDir,
    ...(dirs.python ? { pythonPrefix: dirs.python } : {}),
    argv: launch.argv,
    env: launch.env,
    limits,
  });
  const deadline = setTimeout(() => box.stop("deadline"), limits.deadlineMs);
  try {
    return await speak(box, launch, limits);
  } finally {
    clearTimeout(deadline);
    box.stop();
    await box.ended;
    await rm(scratchDir, { recursive: true, force: true });
  }
}

/** The session: open (the 2026-07-28 revision first, else the initialize handshake), list, read. */
async function speak(box: Sandboxed, plan: Launch, limits: SandboxLimits): Promise<IntrospectionResult> {
  const client = new Client(CLIENT_INFO, {
    versionNegotiation: { mode: "auto", probe: { timeoutMs: limits.deadlineMs } },
  });
  client.onerror = () => undefined; // a malformed line is the server's problem, seen in its outcome
  const started = performance.now();
  const stderr = () => scrubLines(box.stderrTail());
  try {
    await client.connect(box.transport, { timeout: limits.deadlineMs });
    const startMs = Math.round(performance.now() - started);
    const caps = client.getServerCapabilities() ?? {};
    const info = client.getServerVersion();
    return {
      outcome: "tools",
      reason: "It started and listed its tools.",
      tools: keptTools(await listAll(client, "tools/list", "tools", limits)),
      prompts: caps.prompts ? await listExtra(client, "prompts/list", "prompts", limits) : [],
      resources: caps.resources ? await listExtra(client, "resources/list", "resources", limits) : [],
      serverInfo: info ? { name: info.name, version: info.version } : null,
      instructions: client.getInstructions() ?? null,
      protocolVersion: client.getNegotiatedProtocolVersion() ?? null,
      placeholders: plan.placeholders,
      stderr: stderr(),
      timings: { installMs: null, startMs, totalMs: 0 },
    };
  } catch (err) {
    const verdict = await ending(box, plan, err);
    return endedResult(verdict, { placeholders: plan.placeholders, stderr: stderr() });
  } finally {
    await client.close().catch(() => undefined);
  }
}

/**
 * Why a session failed: a server still running spoke MCP wrongly; one that ended (or that we
 * stopped at the deadline or for its output) is judged by how it ended.
 */
async function ending(box: Sandboxed, plan: Launch, err: unknown): Promise<Verdict> {
  if (box.running() && box.stoppedFor() === null) {
    box.stop();
    return {
      outcome: "start_failed",
      reason: `It started but the MCP session failed: ${String((err as Error).message).slice(0, 300)}`,
    };
  }
  const end = await box.ended;
  if (box.stoppedFor() === "output")
    return {
      outcome: "start_failed",
      reason: "It wrote more output than the sandbox allows and was stopped.",
    };
  const stderr = scrubLines(box.stderrTail());
  return classifyEnding({
    ...end,
    stderr,
    deadlinePassed: box.stoppedFor() === "deadline",
    placeholders: plan.placeholders,
  });
}

/**
 * Prompts or resources: a server that declares them but fails to list them (claude-flow 3.43.0
 * answered "Method not found" to resources/list) still listed its tools, which are what counts.
 */
function listExtra(
  client: Client,
  method: string,
  key: string,
  limits: SandboxLimits,
): Promise<ListedItem[]> {
  return listAll(client, method, key, limits).catch(() => []);
}

/** Named tools within the URL probe's bounds on each text and schema (a package is as untrusted as a remote). */
function keptTools(items: ListedItem[]): ListedItem[] {
  return items.flatMap((item) =>
    typeof item.name === "string" && item.name
      ? [keepTool(item as ListedItem & { name: string }, DEFAULT_PROBE_LIMITS).tool]
      : [],
  );
}

const PageSchema = z.looseObject({ nextCursor: z.string().optional() }).catchall(z.unknown());

/** A list method, page after page, within the URL probe's page and item bounds. */
async function listAll(
  client: Client,
  method: string,
  key: string,
  limits: SandboxLimits,
): Promise<ListedItem[]> {
  const items: ListedItem[] = [];
  let cursor: string | undefined;
  for (
    let pages = 0;
    pages < DEFAULT_PROBE_LIMITS.maxToolPages && items.length < DEFAULT_PROBE_LIMITS.maxTools;
    pages++
  ) {
    const page = await client.request({ method, params: cursor ? { cursor } : {} }, PageSchema, {
      timeout: limits.deadlineMs,
    });
    const listed = page[key];
    if (Array.isArray(listed))
      items.push(...(listed as ListedItem[]).slice(0, DEFAULT_PROBE_LIMITS.maxTools - items.length));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return items;
}
