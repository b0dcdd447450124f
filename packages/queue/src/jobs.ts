import { ListedToolSchema } from "@catalog/contracts";
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
  },
  search: {
    /** Re-read a server and its tools and refresh their search documents and vectors. */
    "index-server": z.object({ serverName: z.string() }),
  },
  mirror: {
    /** One pass of the registry mirror; `auto` picks full or incremental from the state. */
    mirror: z.object({ mode: z.enum(["auto", "incremental", "full"]).default("auto") }),
  },
  prober: {},
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
