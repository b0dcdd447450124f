import type { ViewExportBody } from "@catalog/contracts";
import type { ServerJson } from "@catalog/registry";

/** A server of the view, at the version the view serves. */
export type ViewServer = { name: string; server: ServerJson };

/** A server the view's rules leave out because it carries some of the view's `exclude_flags`. */
export type ExcludedServer = ViewServer & { flags: readonly string[] };

/**
 * A view to export: its registry URL (what it serves at /views/{view}), its servers, and the
 * servers it excludes for a risk flag (for the clients that take a deny-list).
 */
export type ExportInput = {
  registryUrl: string;
  servers: readonly ViewServer[];
  excluded?: readonly ExcludedServer[];
};

/** What a client reads: where the file goes, its content, and the servers it cannot express. */
export type ViewFile = Pick<ViewExportBody, "paths" | "file" | "omitted" | "notes">;

export type ViewExporter = (input: ExportInput) => ViewFile;
