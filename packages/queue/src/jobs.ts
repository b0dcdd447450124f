import {
  ListedToolSchema,
  PackageProbeResultSchema,
  ProbeResultSchema,
  PROBE_TRANSPORTS,
} from "@catalog/contracts";
import { z } from "zod";

/**
 * Every queue and every job's payload, in one place. A queue belongs to the service that
 * consumes it; producers and consumers both validate against these schemas.
 */
/** Records, not objects: zod rebuilds objects with declared keys first, and key order is kept. */
const RegistryEntryPayload = z.object({
  server: z
    .record(z.string(), z.unknown())
    .refine(
      (s) => typeof s.name === "string" && typeof s.version === "string",
      "server needs a name and a version",
    )
    .transform((s) => s as { name: string; version: string } & Record<string, unknown>),
  _meta: z.record(z.string(), z.unknown()),
});

/** A package on the introspection schedule: its registry, identifier and listed version ("" for none). */
const IntrospectionTarget = z.object({
  registryType: z.string(),
  identifier: z.string(),
  version: z.string(),
});

export const jobs = {
  catalog: {
    /** A new or changed server version from the mirror or an operator import. */
    "upsert-version": z.object({
      entry: RegistryEntryPayload,
      hash: z.string(),
      source: z.enum(["mirror", "import"]),
    }),
    /** A server's tool list loaded by an operator (air-gapped installs, tests). */
    "import-tools": z.object({
      serverName: z.string(),
      tools: z.array(ListedToolSchema),
      observedAt: z.iso.datetime(),
    }),
    /**
     * What a probe of one of a server's remotes found: a scheduled probe, or an on-demand check
     * of a URL that is one of its remotes. `tools` carry their schemas; `result.tools` do not.
     */
    "probe-result": z.object({
      serverName: z.string(),
      url: z.string(),
      scheduled: z.boolean(),
      result: ProbeResultSchema,
      tools: z.array(ListedToolSchema),
    }),
    /**
     * What starting one of a server's packages in the sandbox showed (a scheduled introspection of
     * the package a version lists). `tools` carry their schemas; `result.tools` do not.
     */
    "introspection-result": z.object({
      serverName: z.string(),
      target: IntrospectionTarget,
      /** The round of the scheduled job (its scheduledFor). */
      scheduledFor: z.iso.datetime(),
      result: PackageProbeResultSchema,
      tools: z.array(ListedToolSchema),
    }),
    /** Queues the scheduled introspections that are due, within the hourly bound, newest first. */
    "schedule-introspections": z.object({}),
    /** Queues the scheduled probes that are due (a job scheduler runs it every minute). */
    "schedule-probes": z.object({}),
    /**
     * Re-derive trust, quality, categories and owner of the servers `match` names: one server
     * name, or `<namespace>/*` (a blocklist entry changed, a dependency report was written).
     */
    "refresh-servers": z.object({ match: z.string().min(1) }),
    /** Assigns a server's categories with the embedding model (queued once per server and text). */
    "assign-categories": z.object({ serverName: z.string() }),
    /** The daily quality job: one record-daily-score job per server for the UTC day. */
    "daily-scores": z.object({ day: z.iso.date().optional() }),
    /** Re-derives one server and records its quality score for the day, once per day. */
    "record-daily-score": z.object({ serverName: z.string(), day: z.iso.date() }),
    /** Counts the tokens of tools written before they were counted (hourly; nothing to do once all are). */
    "count-tokens": z.object({}),
  },
  search: {
    /**
     * Re-read a server and its tools and refresh their search documents (keyword search at once)
     * and the vectors already stored for their texts; texts without one get an embed job.
     */
    "index-server": z.object({ serverName: z.string() }),
  },
  vectors: {
    /**
     * Embed a server's texts that have no vector yet and give its documents their vectors:
     * meaning filled in behind keyword search, consumed once a search replica's model is loaded.
     */
    "embed-server": z.object({ serverName: z.string() }),
  },
  dependencies: {
    /** Resolve the dependency graphs of a server's npm and PyPI packages and match advisories. */
    resolve: z.object({ serverName: z.string(), force: z.boolean().default(false) }),
    /** Queues resolve jobs for the reports whose refresh is due (monthly, daily when monitored). */
    "refresh-due": z.object({}),
    /** Matches every resolved graph against OSV (daily). */
    "match-advisories": z.object({}),
  },
  mirror: {
    /** One pass of the registry mirror; `auto` picks full or incremental from the state. */
    mirror: z.object({ mode: z.enum(["auto", "incremental", "full"]).default("auto") }),
  },
  prober: {
    /** An on-demand check (POST /v1/check); the check row holds the URL. Runs before probes. */
    check: z.object({ checkId: z.string() }),
    /** A scheduled probe of one remote of a catalog server. */
    probe: z.object({
      serverName: z.string(),
      url: z.string(),
      transport: z.enum(PROBE_TRANSPORTS),
      scheduledFor: z.iso.datetime(),
      /** Until when the remote's last tools/list is cacheable (ttl over the interval): no re-list before. */
      listFreshUntil: z.iso.datetime().optional(),
    }),
    /** Deletes checks past their retention (daily). */
    "cleanup-checks": z.object({}),
  },
  introspection: {
    /** An on-demand check of a package (POST /v1/check with `package`); the check row holds it. */
    check: z.object({ checkId: z.string() }),
    /** A scheduled introspection: one package of a catalog server's version, started in the sandbox. */
    introspect: z.object({
      serverName: z.string(),
      target: IntrospectionTarget,
      /** The listing's package entry as server.json gives it (arguments, variables, transport). */
      package: z.record(z.string(), z.unknown()),
      /** The round this job belongs to: owed until a result is recorded after it. */
      scheduledFor: z.iso.datetime(),
    }),
  },
} as const;

export type QueueName = keyof typeof jobs;
export const QUEUE_NAMES = Object.keys(jobs) as QueueName[];
export type JobName<Q extends QueueName> = keyof (typeof jobs)[Q] & string;
type Schema<Q extends QueueName, N extends JobName<Q>> = (typeof jobs)[Q][N] extends z.ZodType
  ? (typeof jobs)[Q][N]
  : never;
/** What a producer passes (defaults may be omitted). */
export type JobInput<Q extends QueueName, N extends JobName<Q>> = z.input<Schema<Q, N>>;
/** What a consumer receives (defaults applied). */
export type JobData<Q extends QueueName, N extends JobName<Q>> = z.output<Schema<Q, N>>;

export function jobSchema<Q extends QueueName, N extends JobName<Q>>(
  queue: Q,
  name: N,
): Schema<Q, N> | undefined {
  return (jobs[queue] as Record<string, z.ZodType>)[name] as Schema<Q, N> | undefined;
}

/**
 * Checks go to the head of the prober queue (someone is waiting for them), probes to its tail.
 * Both stay in the wait list, whose length the autoscaler reads (prioritized jobs live elsewhere).
 */
export const PROBER_ORDER = { check: { lifo: true }, probe: { lifo: false } } as const;

/** The same for the introspection queue: package checks first, scheduled introspections after. */
export const INTROSPECTION_ORDER = { check: { lifo: true }, introspect: { lifo: false } } as const;

/**
 * A catalog job whose payload only the job carries (a mirrored or imported version, an imported
 * tool list): recorded in the catalog's inbox (PostgreSQL) until the catalog wrote it.
 */
export type HandedOverJob = { jobId: string } & (
  | { name: "upsert-version"; data: JobInput<"catalog", "upsert-version"> }
  | { name: "import-tools"; data: JobInput<"catalog", "import-tools"> }
);
