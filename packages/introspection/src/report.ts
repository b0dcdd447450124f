import type { ListedToolInput, PackageProbeResult, PackageRef, ProbeTool } from "@catalog/contracts";
import type { IntrospectionResult, ListedItem } from "./outcome.js";

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === "string" ? v : null);

/**
 * The report of an introspection as the API and the catalog's job carry it: the probe result's
 * words in snake case, tools without their schemas (as a URL probe reports them), prompts and
 * resources by name.
 */
export function packageProbeResult(
  pkg: PackageRef,
  result: IntrospectionResult,
  at: { startedAt: Date; finishedAt: Date },
): PackageProbeResult {
  const tools = result.tools.filter(named).map(probeTool);
  return {
    package: pkg,
    outcome: result.outcome,
    detail: result.reason,
    protocol_version: result.protocolVersion,
    server_info: result.serverInfo,
    instructions: result.instructions,
    tools,
    tool_count: tools.length,
    prompts: result.prompts.flatMap((p) => text(p.name) ?? []),
    resources: result.resources.flatMap((r) => text(r.uri) ?? text(r.name) ?? []),
    placeholders: result.placeholders,
    stderr: result.stderr,
    timings: {
      install_ms: result.timings.installMs,
      start_ms: result.timings.startMs,
      total_ms: result.timings.totalMs,
    },
    started_at: at.startedAt.toISOString(),
    finished_at: at.finishedAt.toISOString(),
  };
}

/** The listed tools with their schemas, as the catalog records a tool list (the first of a name wins there). */
export function listedTools(result: IntrospectionResult): ListedToolInput[] {
  return result.tools.filter(named).map((t) => ({
    name: t.name,
    ...(text(t.title) !== null ? { title: t.title as string } : {}),
    description: text(t.description) ?? "",
    inputSchema: isRecord(t.inputSchema) ? t.inputSchema : { type: "object" },
    outputSchema: isRecord(t.outputSchema) ? t.outputSchema : null,
    ...(isRecord(t.annotations) ? { annotations: t.annotations } : {}),
  }));
}

function named(item: ListedItem): item is ListedItem & { name: string } {
  return typeof item.name === "string" && item.name.length > 0;
}

function probeTool(t: ListedItem & { name: string }): ProbeTool {
  return {
    name: t.name,
    title: text(t.title),
    description: text(t.description) ?? "",
    annotations: isRecord(t.annotations) ? t.annotations : null,
  };
}
