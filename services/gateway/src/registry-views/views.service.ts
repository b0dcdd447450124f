import type { ViewsBody } from "@catalog/contracts";
import type { ViewsRepository } from "@catalog/db";
import { admits } from "@catalog/views";
import type { Clock } from "../clock.js";
import type { ServedView } from "./load-views.js";

/**
 * How long a view's servers are reused: the facts behind them (trust, probes, advisories) are
 * read whole, and a change to them is seen within this time.
 */
export const ADMITTED_TTL_MS = 30_000;

/** The registry views: their rules, how many servers each holds now, and which. */
export class ViewsService {
  private readonly admittedAt = new Map<string, { at: number; names: ReadonlySet<string> }>();

  constructor(
    private readonly repo: ViewsRepository,
    private readonly views: readonly ServedView[],
    private readonly clock: Clock,
  ) {}

  /** The servers a view holds now; null when there is no such view. */
  async admitted(viewName: string): Promise<ReadonlySet<string> | null> {
    const view = this.views.find((v) => v.name === viewName);
    if (!view) return null;
    const now = this.clock();
    const kept = this.admittedAt.get(viewName);
    if (kept && now.getTime() - kept.at < ADMITTED_TTL_MS) return kept.names;
    const facts = await this.repo.facts();
    const names = new Set(facts.filter((f) => admits(view.rules, f, now)).map((f) => f.name));
    this.admittedAt.set(viewName, { at: now.getTime(), names });
    return names;
  }

  async list(): Promise<ViewsBody> {
    const facts = await this.repo.facts();
    const now = this.clock();
    return {
      views: this.views.map((view) => ({
        ...view,
        servers: facts.filter((f) => admits(view.rules, f, now)).length,
      })),
      next_actions: [],
    };
  }
}
