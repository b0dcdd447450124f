// Types of lib.mjs for the TypeScript benchmarks.
import type { ChildProcess } from "node:child_process";
import type { Harness } from "@catalog/testing";

export const root: string;
export function machine(): string;
export function benchHarness(): Promise<{ h: Harness; close: () => Promise<void> }>;
export function startService(name: string, h: Harness, env?: Record<string, string>): ChildProcess;
export function stopService(child: ChildProcess): Promise<void>;
export function loadSnapshot(h: Harness): Promise<void>;
export function waitForHttp(url: string, timeoutMs?: number): Promise<void>;
export function load(options: {
  url: string;
  requests: unknown[];
  connections?: number;
  duration?: number;
}): Promise<{
  connections: number;
  duration_s: number;
  requests_per_s: number;
  latency_ms: { p50: number; p99: number };
}>;
export function startCeiling(body: string): Promise<{ child: ChildProcess; port: string }>;
