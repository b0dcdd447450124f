import type { ViewDefinition, ViewRules, ViewsBody } from "@catalog/contracts";
import type { ViewsRepository } from "@catalog/db";
import { admits, excludedFor, pinnedVersions } from "@catalog/views";
import { createHash } from "node:crypto";
import type { ScopeState } from "../registry/registry.service.js";
import type { Clock } from "../time/clock.js";
import type { ServedView } from "./load-views.js";

/** What the admin API may change of a view: anything but its name. */
export type ViewUpdate = Omit<ViewDefinition, "name">;

/**
 * The registry views: the built-in ones and VIEWS_FILE's (fixed), and those defined through the
 * admin API (stored, read again every `refreshMs`, so every replica sees an edit within it);
 * their rules, how many servers each holds now, and which.
 */
export class ViewsService {
  private readonly admittedAt = new Map<
    string,
    { at: number; rules: ViewRules; names: ReadonlySet<string> }
  >();
  private stored: { at: number; views: ServedView[] } | undefined;

  constructor(
    private readonly repo: ViewsRepository,
    private readonly fixed: readonly ServedView[],
    private readonly clock: Clock,
    /** How long a view's servers and the stored views are reused (VIEWS_REFRESH_MS). */
    private readonly refreshMs: number,
    /**
     * Tells every replica that what it kept may be stale (an edit changes what a view's URLs
     * answer, and kept answers are found by URL).
     */
    private readonly announce: () => Promise<void>,
  ) {}

  /** Every view served now: the fixed ones, then the stored ones. */
  async views(): Promise<ServedView[]> {
    const now = this.clock().getTime();
    if (!this.stored || now - this.stored.at >= this.refreshMs) {
      const taken = new Set(this.fixed.map((v) => v.name));
      const views = (await this.repo.stored())
        .filter((v) => !taken.has(v.name))
        .map((v) => ({ ...v, builtin: false }));
      this.stored = { at: now, views };
    }
    return [...this.fixed, ...this.stored.views];
  }

  /** Creates or replaces a stored view; "fixed" for a built-in or VIEWS_FILE view. */
  async save(name: string, update: ViewUpdate): Promise<{ view: ServedView; created: boolean } | "fixed"> {
    if (this.isFixed(name)) return "fixed";
    const view = { name, ...update };
    const created = await this.repo.save(view);
    await this.forget(name);
    return { view: { ...view, builtin: false }, created };
  }

  /** Removes a stored view: false when there is none, "fixed" for a built-in or VIEWS_FILE view. */
  async remove(name: string): Promise<boolean | "fixed"> {
    if (this.isFixed(name)) return "fixed";
    const removed = await this.repo.remove(name);
    await this.forget(name);
    return removed;
  }

  private isFixed(name: string): boolean {
    return this.fixed.some((v) => v.name === name);
  }

  private async forget(name: string): Promise<void> {
    this.stored = undefined;
    this.admittedAt.delete(name);
    await this.announce();
  }

  /**
   * What a view serves now: its servers, its pinned versions, and the read cache key of its
   * bodies (with its rules, so that an edit misses what was kept before); null for no such view.
   */
  async scope(viewName: string): Promise<ScopeState | null> {
    const view = (await this.views()).find((v) => v.name === viewName);
    if (!view) return null;
    const rules = createHash("sha256").update(JSON.stringify(view.rules)).digest("base64url").slice(0, 12);
    return {
      key: `view ${viewName} ${rules}`,
      servers: await this.admitted(view),
      pins: pinnedVersions(view.rules),
    };
  }

  /** The servers a view holds now, reused for `refreshMs` while its rules stay the same. */
  private async admitted(view: ServedView): Promise<ReadonlySet<string>> {
    const now = this.clock();
    const kept = this.admittedAt.get(view.name);
    if (kept && kept.rules === view.rules && now.getTime() - kept.at < this.refreshMs) return kept.names;
    const facts = await this.repo.facts();
    const names = new Set(facts.filter((f) => admits(view.rules, f, now)).map((f) => f.name));
    // Who joined and who left, for clients that sync the view with updated_since.
    await this.repo.reconcile(view.name, [...names], now);
    this.admittedAt.set(view.name, { at: now.getTime(), rules: view.rules, names });
    return names;
  }

  /**
   * The servers a view leaves out for some of its `exclude_flags`, with those flags (what a
   * client's deny-list names them for); null for no such view.
   */
  async excludedForFlags(viewName: string): Promise<Map<string, string[]> | null> {
    const view = (await this.views()).find((v) => v.name === viewName);
    if (!view) return null;
    if (!view.rules.exclude_flags) return new Map();
    const now = this.clock();
    const facts = await this.repo.facts();
    return new Map(
      facts.flatMap((f) => {
        const flags = excludedFor(view.rules, f, now);
        return flags.length > 0 ? [[f.name, flags] as const] : [];
      }),
    );
  }

  /** The servers that joined the view after `since`, and those that left it. */
  changedSince(viewName: string, since: Date): Promise<{ joined: string[]; left: string[] }> {
    return this.repo.changedSince(viewName, since);
  }

  async list(): Promise<ViewsBody> {
    const [views, facts] = await Promise.all([this.views(), this.repo.facts()]);
    const now = this.clock();
    return {
      views: views.map((view) => ({
        ...view,
        servers: facts.filter((f) => admits(view.rules, f, now)).length,
      })),
      next_actions: [],
    };
  }
}
