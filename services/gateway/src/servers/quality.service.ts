import {
  qualityLabel,
  QUALITY_LABELS,
  type QualityBody,
  type QualityLabel,
  DAY_MS,
} from "@catalog/contracts";
import type { ServerReadRepository } from "@catalog/db";
import { success, type Outcome } from "../http/outcome.js";
import { findServer } from "./lookup.js";
import { checkServer, getServer } from "./next-actions.js";
import { fixedRemote, ownerBlock, qualityBlock } from "./server-view.js";

/** The quality block with its daily history, the blocklist state and the owner block. */
export class QualityService {
  constructor(
    private readonly repo: ServerReadRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async quality(name: string, days: number): Promise<Outcome<QualityBody>> {
    const today = Math.floor(this.now().getTime() / DAY_MS) * DAY_MS;
    const since = new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10);
    const [found, history] = await Promise.all([
      findServer(this.repo, name),
      this.repo.qualityHistory(name, since),
    ]);
    if (!found.ok) return found;
    const record = found.body;
    const remote = fixedRemote(record.serverJson);
    return success({
      server: record.name,
      ...qualityBlock(record),
      days,
      history: history.map((h) => ({
        day: h.day,
        score: h.score,
        label: (QUALITY_LABELS as readonly string[]).includes(h.label)
          ? (h.label as QualityLabel)
          : qualityLabel(h.score),
      })),
      blocked: record.blockedReason !== null,
      owner: ownerBlock(record),
      // A check re-measures a remote now; for a package the descriptor is what there is to read.
      next_actions: remote ? [checkServer(remote.url)] : [getServer(name)],
    });
  }
}
