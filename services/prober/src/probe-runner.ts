import { storable } from "@catalog/db";
import {
  probeMcp,
  type ClientIdentity,
  type ProbedTool,
  type ProbeLimits,
  type ProbeReport,
  type Transport,
} from "@catalog/mcp-probe";
import type { ListedToolInput } from "@catalog/contracts";
import type { SafeHttp } from "@catalog/url-policy";

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export type ProbeKind = "check" | "scheduled";

/**
 * The client a scheduled probe also lists tools as: a widely used one, since a server that shows
 * different tools to different clients keeps its other face for real clients, not for probers.
 */
const COMPARE_AS: ClientIdentity = { name: "claude-code", version: "2.1.330" };

export type ProbeSettings = Partial<ProbeLimits> & { timeoutMs: number };

/** The probe with the service's settings; each outcome is reported (metrics). */
export class ProbeRunner {
  constructor(
    private readonly http: SafeHttp,
    private readonly settings: ProbeSettings,
    private readonly onOutcome: (outcome: string, kind: ProbeKind) => void = () => undefined,
  ) {}

  /**
   * Probes within the limits, and returns a report whose every text PostgreSQL can store: the
   * check result, the catalog's probe row and its tool history are all written from it.
   */
  async probe(
    url: string,
    kind: ProbeKind,
    expectedTransport?: Transport,
    listFreshUntil?: Date,
  ): Promise<ProbeReport> {
    const report = await probeMcp(url, {
      ...this.settings,
      http: this.http,
      expectedTransport,
      ...(listFreshUntil ? { listFreshUntil } : {}),
      ...(kind === "scheduled" ? { compareAs: COMPARE_AS } : {}),
    });
    this.onOutcome(report.result.outcome, kind);
    return storable(report);
  }
}

/** Listed tools as the catalog stores them; whatever is malformed becomes its neutral value. */
export function toolDefinitions(tools: ProbedTool[]): ListedToolInput[] {
  return tools.map((t) => ({
    name: t.name,
    ...(typeof t.title === "string" ? { title: t.title } : {}),
    description: typeof t.description === "string" ? t.description : "",
    inputSchema: isRecord(t.inputSchema) ? t.inputSchema : { type: "object" },
    outputSchema: isRecord(t.outputSchema) ? t.outputSchema : null,
    ...(isRecord(t.annotations) ? { annotations: t.annotations } : {}),
  }));
}
