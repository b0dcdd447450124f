import type { ViewsBody } from "@catalog/contracts";
import type { ViewsRepository } from "@catalog/db";
import { admits } from "@catalog/views";
import type { Clock } from "../clock.js";
import type { ServedView } from "./load-views.js";

/** The registry views: their rules, how many servers each holds now, and which. */
export class ViewsService {
  private readonly admittedAt = new Map<string, { at: number; names: ReadonlySet<string> }>();

  constructor(
    private readonly repo: ViewsRepository,
    private readonly views: readonly ServedView[],
    private readonly clock: Clock,
    /** How long a view's servers are reused (VIEWS_REFRESH_MS): the facts are read whole. */
    private readonly refreshMs: number,
  ) {}

  /** The servers a view holds now; null when there is no such view. */
  async admitted(viewName: string): Promise<ReadonlySet<string> | null> {
    const view = this.views.find((v) => v.name === viewName);
    if (!view) return null;
    const now = this.clock();
    const kept = this.admittedAt.get(viewName);
    if (kept && now.getTime() - kept.at < this.refreshMs) return kept.names;
    const facts = await this.repo.facts();
    const names = new Set(facts.filter((f) => admits(view.rules, f, now)).map((f) => f.name));
    // Who joined and who left, for clients that sync the view with updated_since.
    await this.repo.reconcile(viewName, [...names], now);
    this.admittedAt.set(viewName, { at: now.getTime(), names });
    return names;
  }

  /** The servers that joined the view after `since`, and those that left it. */
  changedSince(viewName: string, since: Date): Promise<{ joined: string[]; left: string[] }> {
    return this.repo.changedSince(viewName, since);
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
