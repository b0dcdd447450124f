import { probeMcp, type ProbedTool, type ProbeReport, type Transport } from "@catalog/mcp-probe";
import type { ListedToolInput } from "@catalog/contracts";
import type { SafeHttp } from "@catalog/url-policy";

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The probe with the service's settings. */
export class ProbeRunner {
  constructor(
    private readonly http: SafeHttp,
    private readonly timeoutMs: number,
  ) {}

  probe(url: string, expectedTransport?: Transport): Promise<ProbeReport> {
    return probeMcp(url, { http: this.http, timeoutMs: this.timeoutMs, expectedTransport });
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
