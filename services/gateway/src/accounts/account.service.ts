import type { AccountRecord, AccountsRepository } from "@catalog/db";
import type { LimitsService } from "../limits/limits.service.js";
import type { UsageService } from "../usage/usage.service.js";
import type { AccountView } from "../views/account.page.js";
import type { ApiKeysService } from "./api-keys.service.js";

const HISTORY_DAYS = 30;

/** Everything the account page shows, gathered in parallel. */
export class AccountService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly keys: ApiKeysService,
    private readonly limits: LimitsService,
    private readonly usage: UsageService,
    private readonly maxActiveKeys: number,
  ) {}

  async find(accountId: string): Promise<AccountRecord | null> {
    return this.accounts.findById(accountId);
  }

  async overview(account: AccountRecord, csrfToken: string): Promise<AccountView> {
    const [quota, keys, days] = await Promise.all([
      this.limits.quota(account.id),
      this.keys.list(account.id),
      this.usage.lastDays(account.id, HISTORY_DAYS),
    ]);
    return { account, csrfToken, quota, keys, days, maxActiveKeys: this.maxActiveKeys };
  }
}
