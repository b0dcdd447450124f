import type { Ecosystem, PublishedVersion } from "@catalog/dependencies";
import { z } from "zod";
import type { JsonClient } from "./json-client.js";

/** deps.dev v3 GetPackage (JSON mapping of deps_dev.v3.Package). */
const PackageSchema = z.object({
  versions: z
    .array(
      z.object({
        versionKey: z.object({ version: z.string() }),
        isDefault: z.boolean().optional(),
        publishedAt: z.string().optional(),
      }),
    )
    .default([]),
});

export type PackageVersions = {
  versions: string[];
  defaultVersion: string | null;
  /** Each version with its publication time and default mark, for freshness. */
  published: PublishedVersion[];
};

const segment = encodeURIComponent;

/** A publication time, or null when absent or unreadable (deps.dev omits it for some versions). */
function publishedAt(value: string | undefined): Date | null {
  const at = value ? new Date(value) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

/** The deps.dev Insights API v3: package versions and resolved dependency graphs. */
export class DepsDevClient {
  constructor(private readonly http: JsonClient) {}

  /** The published versions of a package; null when deps.dev does not know it. */
  async versions(ecosystem: Ecosystem, name: string): Promise<PackageVersions | null> {
    const raw = await this.http.get(`v3/systems/${ecosystem.depsDevSystem}/packages/${segment(name)}`);
    if (raw === null) return null;
    const { versions } = PackageSchema.parse(raw);
    return {
      versions: versions.map((v) => v.versionKey.version),
      defaultVersion: versions.find((v) => v.isDefault)?.versionKey.version ?? null,
      published: versions.map((v) => ({
        version: v.versionKey.version,
        publishedAt: publishedAt(v.publishedAt),
        isDefault: v.isDefault === true,
      })),
    };
  }

  /** The resolved graph (raw JSON); null when deps.dev has none for this version. */
  dependencies(ecosystem: Ecosystem, name: string, version: string): Promise<unknown> {
    return this.http.get(
      `v3/systems/${ecosystem.depsDevSystem}/packages/${segment(name)}/versions/${segment(version)}:dependencies`,
    );
  }
}
