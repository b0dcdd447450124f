import type { ViewExportBody } from "@catalog/contracts";
import type { ServerJson } from "@catalog/registry";

/** A server of the view, at the version the view serves. */
export type ViewServer = { name: string; server: ServerJson };

/** A view to export: its registry URL (what it serves at /views/{view}) and its servers. */
export type ExportInput = { registryUrl: string; servers: readonly ViewServer[] };

/** What a client reads: where the file goes, its content, and the servers it cannot express. */
export type ViewFile = Pick<ViewExportBody, "paths" | "file" | "omitted" | "notes">;

export type ViewExporter = (input: ExportInput) => ViewFile;
