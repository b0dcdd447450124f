import type { CheckResult, PackageRef } from "@catalog/contracts";
import type { Prisma, PrismaClient } from "../prisma.js";
import { storable } from "../storable.js";
import { readCheckResult } from "../stored-json.js";

export type CheckRow = {
  id: string;
  /** The URL checked; null for a check of a package. */
  url: string | null;
  /** The package checked; null for a check of a URL. */
  package: PackageRef | null;
  /** The repeat key: the normalized URL, or the package's `<registry>:<identifier>@<version or latest>`. */
  normalizedUrl: string;
  /** What the `host` allowance counts: the URL's host, or the package's registry type. */
  host: string;
  status: "queued" | "running" | "done";
  serverName: string | null;
  requester: string;
  /** What the check found, once done; null before, or when the stored result no longer parses. */
  result: CheckResult | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  expiresAt: Date;
};

/** A new check: of a URL, or of a package (then `url` is null). */
export type NewCheck = Pick<
  CheckRow,
  "id" | "url" | "normalizedUrl" | "host" | "serverName" | "requester" | "expiresAt"
> & { package?: PackageRef | null };

/** On-demand checks: the gateway creates them, the prober runs and finishes them. */
export class ChecksRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async create({ package: pkg, ...check }: NewCheck): Promise<CheckRow> {
    const data = {
      ...check,
      packageRegistryType: pkg?.registry_type ?? null,
      packageIdentifier: pkg?.identifier ?? null,
      packageVersion: pkg?.version ?? null,
    };
    return read(await this.prisma.check.create({ data }));
  }

  async find(id: string): Promise<CheckRow | null> {
    const row = await this.prisma.check.findUnique({ where: { id } });
    return row && read(row);
  }

  /** Checks still queued or running that were created before `before`, in id order after `after`. */
  async unfinished(before: Date, after: string, limit: number): Promise<CheckRow[]> {
    const rows = await this.prisma.check.findMany({
      where: { status: { in: ["queued", "running"] }, createdAt: { lt: before }, id: { gt: after } },
      orderBy: { id: "asc" },
      take: limit,
    });
    return rows.map(read);
  }

  /** queued -> running; a re-run after a crash finds it running already and goes on. */
  async markRunning(id: string, at: Date): Promise<void> {
    await this.prisma.check.updateMany({
      where: { id, status: "queued" },
      data: { status: "running", startedAt: at },
    });
  }

  /**
   * Stores the result once: a finished check never changes. Returns whether this call finished
   * it. The result carries a probed server's text: what PostgreSQL refuses is replaced (storable).
   */
  async finish(id: string, result: CheckResult, at: Date): Promise<boolean> {
    const { count } = await this.prisma.check.updateMany({
      where: { id, status: { not: "done" } },
      data: { status: "done", result: storable(result) as Prisma.InputJsonValue, finishedAt: at },
    });
    return count === 1;
  }

  /** Removes a check that was never handed out (its job could not be queued). */
  async remove(id: string): Promise<void> {
    await this.prisma.check.deleteMany({ where: { id, status: "queued" } });
  }

  async deleteExpired(now: Date): Promise<number> {
    const { count } = await this.prisma.check.deleteMany({ where: { expiresAt: { lt: now } } });
    return count;
  }

  /** The description a catalog server gives of itself (for checks of its remotes). */
  async serverDescription(name: string): Promise<string | null> {
    const server = await this.prisma.server.findUnique({ where: { name }, select: { description: true } });
    return server?.description ?? null;
  }

  /** The name and declared remote URLs of a catalog server's latest version, which its server card is compared with. */
  async serverListing(name: string): Promise<{ name: string; remotes: string[] } | null> {
    const latest = await this.prisma.serverVersion.findFirst({
      where: { serverName: name, isLatest: true },
      select: { serverJson: true },
    });
    if (!latest) return null;
    const remotes = (latest.serverJson as { remotes?: unknown }).remotes;
    return {
      name,
      remotes: Array.isArray(remotes)
        ? remotes.flatMap((r: unknown) => {
            const url = (r as { url?: unknown } | null)?.url;
            return typeof url === "string" ? [url] : [];
          })
        : [],
    };
  }
}

type StoredCheck = Omit<CheckRow, "package" | "result" | "status"> & {
  status: CheckRow["status"];
  packageRegistryType: string | null;
  packageIdentifier: string | null;
  packageVersion: string | null;
  result: unknown;
};

/** A check row with its package put together and its stored result read. */
function read(row: StoredCheck): CheckRow {
  const { packageRegistryType: registryType, packageIdentifier, packageVersion, ...rest } = row;
  const pkg =
    registryType !== null && packageIdentifier !== null
      ? {
          // Written only from a request the contract validated.
          registry_type: registryType as PackageRef["registry_type"],
          identifier: packageIdentifier,
          version: packageVersion,
        }
      : null;
  return { ...rest, package: pkg, result: readCheckResult(row.result) };
}
