import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildConnection, type Choice, type Connection } from "@catalog/client-configs";
import { assessConnectability } from "@catalog/connectability";
import type { ConnectionTarget } from "@catalog/contracts";
import type { ServerJson } from "@catalog/registry";
import { latestServers } from "@catalog/testing";

/**
 * Every server of the real snapshot through one target: the config the catalog answers with
 * (the connectability's choice preferred, as the API does), what the client made of it, and the
 * counts. CLIENTS_ALL=1 checks every server; otherwise, where a client costs a process per server,
 * one server per distinct shape of config, and where it takes a batch, every server whose key
 * comes first in the catalog plus one per shape among the rest.
 */
export const ALL = process.env.CLIENTS_ALL === "1";

/** A config the generator produced, with what it intends. */
export type Accepted = { server: string; target: ConnectionTarget; connection: Connection };

/** What checking one config found: no problems means the client took it as intended. */
export type Checked = { entry: Accepted; problems: string[]; output: string };

type TargetCheck = {
  /** The client, as the counts name it. */
  client: string;
  /** The config's shape: configs of one shape exercise the client's parser alike. */
  shape?: (entry: Accepted) => string;
  /** Whether the client reads many configs at once (then the CI run takes every first key). */
  batched?: boolean;
  /** Checks the configs; `detailed` says which ones deserve a process of their own. */
  verify: (entries: Accepted[], detailed: (entry: Accepted) => boolean) => Promise<Checked[]>;
};

type Case = { server: ServerJson; preferred: Choice | null };

let catalog: Case[] | undefined;

function catalogCases(): Case[] {
  catalog ??= latestServers().map((server) => {
    const via = assessConnectability(server).via;
    return { server, preferred: via ? { kind: via.kind, index: via.index } : null };
  });
  return catalog;
}

/** A refusal the API answers as a 409 must tell the user why, in a sentence. */
function clearReason(reason: string): boolean {
  return /^[A-Z].{20,}\.$/s.test(reason) && !/undefined|\[object /.test(reason);
}

export async function checkTarget(target: ConnectionTarget, check: TargetCheck): Promise<void> {
  const accepted: Accepted[] = [];
  const unclear: string[] = [];
  let refused = 0;
  for (const { server, preferred } of catalogCases()) {
    const outcome = buildConnection(server, target, preferred);
    if (outcome.ok) accepted.push({ server: server.name, target, connection: outcome.connection });
    else {
      refused++;
      if (!clearReason(outcome.reason))
        unclear.push(`${server.name}: refused as ${JSON.stringify(outcome.reason)}`);
    }
  }
  const { selected, detailed } = selection(accepted, check);
  const checked = await check.verify(selected, detailed);
  const failing = checked.filter((c) => c.problems.length > 0);
  const counts = {
    target,
    client: check.client,
    servers: accepted.length + refused,
    accepted: checked.length - failing.length,
    refused,
    failing: failing.length,
    notRun: accepted.length - selected.length,
  };
  console.log(summary(counts));
  writeResults(counts, failing);
  const failures = [...unclear, ...failing.map(describeFailure)];
  if (failures.length > 0) throw new Error(failureReport(target, failures));
}

function selection(accepted: Accepted[], check: TargetCheck) {
  if (ALL || !check.shape) return { selected: accepted, detailed: () => true };
  const firstOfKey = firstOfEachKey(accepted);
  // Representatives are taken among first keys first, so that batches stay few.
  const ordered = [
    ...accepted.filter((e) => firstOfKey.has(e)),
    ...accepted.filter((e) => !firstOfKey.has(e)),
  ];
  const representatives = new Set(firstOfEach(ordered, check.shape));
  const selected = accepted.filter((e) => representatives.has(e) || (check.batched && firstOfKey.has(e)));
  return { selected, detailed: (e: Accepted) => representatives.has(e) };
}

function firstOfEachKey(entries: readonly Accepted[]): Set<Accepted> {
  return new Set(firstOfEach(entries, (e) => e.connection.key));
}

function firstOfEach<T>(items: readonly T[], by: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) {
    const key = by(item);
    if (!seen.has(key)) seen.set(key, item);
  }
  return [...seen.values()];
}

type Counts = {
  target: ConnectionTarget;
  client: string;
  servers: number;
  accepted: number;
  refused: number;
  failing: number;
  notRun: number;
};

function summary(c: Counts): string {
  const notRun = c.notRun > 0 ? `; ${c.notRun} more not run (CLIENTS_ALL=1 runs them)` : "";
  return (
    `${c.target} in ${c.client}: ${c.servers} servers, ${c.accepted} accepted, ${c.refused} refused (409), ` +
    `${c.failing} failing${notRun}`
  );
}

/** CLIENTS_RESULTS=<dir> keeps the counts for tests/clients/verify.ts to tabulate. */
function writeResults(counts: Counts, failing: readonly Checked[]): void {
  const dir = process.env.CLIENTS_RESULTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const failures = failing.map((f) => ({ server: f.entry.server, problems: f.problems }));
  writeFileSync(path.join(dir, `${counts.target}.json`), JSON.stringify({ ...counts, failures }, null, 2));
}

const clip = (text: string, max = 3000) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;

function describeFailure({ entry, problems, output }: Checked): string {
  const config = entry.connection.config;
  return [
    `${entry.server} (${entry.target})`,
    `  config: ${clip(typeof config === "string" ? config : JSON.stringify(config))}`,
    ...problems.map((p) => `  problem: ${p}`),
    `  client output: ${clip(output).replace(/\n/g, "\n    ")}`,
  ].join("\n");
}

function failureReport(target: ConnectionTarget, failures: readonly string[]): string {
  const shown = failures.slice(0, 40);
  const more = failures.length - shown.length;
  return [
    `${failures.length} ${target} configs fail:`,
    ...shown,
    ...(more > 0 ? [`… and ${more} more`] : []),
  ].join("\n\n");
}

/** Groups entries so that no two in a group share a key, in groups of at most `max`. */
function distinctKeyBatches(entries: readonly Accepted[], max: number): Accepted[][] {
  const batches: { keys: Set<string>; entries: Accepted[] }[] = [];
  for (const entry of entries) {
    const key = entry.connection.key;
    let batch = batches.find((b) => !b.keys.has(key) && b.entries.length < max);
    if (!batch) batches.push((batch = { keys: new Set(), entries: [] }));
    batch.keys.add(key);
    batch.entries.push(entry);
  }
  return batches.map((b) => b.entries);
}

/**
 * Checks entries batch by batch. A batch the client rejects as a whole (`check` answers with
 * the reason) is halved until the entries it rejects stand alone.
 */
export async function inBatches(
  entries: readonly Accepted[],
  max: number,
  check: (batch: Accepted[]) => Promise<Checked[] | string>,
): Promise<Checked[]> {
  const bisect = async (batch: Accepted[]): Promise<Checked[]> => {
    const result = await check(batch);
    if (typeof result !== "string") return result;
    if (batch.length === 1)
      return [{ entry: batch[0]!, problems: ["the client rejected it"], output: result }];
    const half = Math.ceil(batch.length / 2);
    return [...(await bisect(batch.slice(0, half))), ...(await bisect(batch.slice(half)))];
  };
  const checked: Checked[] = [];
  for (const batch of distinctKeyBatches(entries, max)) checked.push(...(await bisect(batch)));
  return checked;
}

/** Runs `work` over the items on `lanes` concurrent lanes, keeping the items' order in the result. */
export async function inLanes<T, R>(
  items: readonly T[],
  lanes: number,
  work: (lane: readonly T[]) => Promise<R[]>,
): Promise<R[]> {
  const split = Array.from({ length: lanes }, (_, lane) => items.filter((_, i) => i % lanes === lane));
  const results = await Promise.all(split.map((lane) => work(lane)));
  return items.map((_, i) => results[i % lanes]![Math.floor(i / lanes)]!);
}

const FEATURES: readonly [string, RegExp][] = [
  ["empty", /^$/],
  ["space", /\s/],
  ["'", /'/],
  ['"', /"/],
  ["${", /\$\{/],
  ["$", /\$(?!\{)/],
  ["leading -", /^['"]?-/],
  ["=", /=/],
  ["non-ASCII", /\P{ASCII}/u],
  ["\\", /\\/],
  ["`", /`/],
  ["!", /!/],
  ["glob", /[*?[\]]/],
  ["shell operator", /[;&|<>()]/],
  ["#", /#/],
  [".", /\./],
  ["~", /~/],
];

/** What a word looks like to a parser: its quoting and the characters parsers treat specially. */
export function wordClass(word: string): string {
  const quoting = word.startsWith("'") ? "'…'" : word.startsWith('"') ? '"…"' : "bare";
  const features = FEATURES.filter(([, pattern]) => pattern.test(word)).map(([name]) => name);
  return `${quoting}[${features.join(" ")}]`;
}

/** A shape from its parts in order, runs of one part counted as 1, 2 or more. */
export function shapeOf(parts: readonly string[]): string {
  const runs: { part: string; count: number }[] = [];
  for (const part of parts) {
    const last = runs.at(-1);
    if (last?.part === part) last.count++;
    else runs.push({ part, count: 1 });
  }
  return runs.map(({ part, count }) => (count === 1 ? part : `${part} ×${count > 2 ? "3+" : 2}`)).join(" ");
}

const bucket = (count: number) => (count > 2 ? "3+" : String(count));

/**
 * The shape of a parsed config (JSON, TOML): which fields it has, how many items each list or
 * map holds (0, 1, 2, 3+) and the classes of the strings under each field. Order does not count:
 * a JSON or TOML parser reads every string alike, only what the client does with it differs.
 */
export function treeShape(value: unknown): string {
  const parts = new Set<string>();
  const walk = (item: unknown, at: string): void => {
    if (Array.isArray(item)) {
      parts.add(`${at}: ${bucket(item.length)}`);
      for (const element of item) walk(element, `${at}[]`);
    } else if (item && typeof item === "object") {
      const entries = Object.entries(item);
      parts.add(`${at}: ${bucket(entries.length)}`);
      // Schema words (lower-case keys) as they are; variable and header names by their class.
      for (const [key, child] of entries)
        walk(child, `${at}.${/^[a-z_]+$/.test(key) ? key : wordClass(key)}`);
    } else parts.add(`${at}=${typeof item === "string" ? wordClass(item) : typeof item}`);
  };
  walk(value, "");
  return [...parts].sort().join(" ");
}
