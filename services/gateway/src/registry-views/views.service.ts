import type { ViewsBody } from "@catalog/contracts";
import type { ViewsRepository } from "@catalog/db";
import { admits } from "@catalog/views";
import type { Clock } from "../clock.js";
import type { ServedView } from "./load-views.js";

/** The registry views: their rules and how many servers each holds now. */
export class ViewsService {
  constructor(
    private readonly repo: ViewsRepository,
    private readonly views: readonly ServedView[],
    private readonly clock: Clock,
  ) {}

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
