import { randomUUID } from "node:crypto";
import { AccountsRepository, ApiKeysRepository } from "@catalog/db";
import type { Harness } from "@catalog/testing";
import { ApiKeysService } from "../../services/gateway/src/accounts/api-keys.service.js";
import { systemClock } from "../../services/gateway/src/time/clock.js";

/** An account as sign-in would create it, with `keys` active API keys made by the keys service. */
export async function accountWithKeys(
  h: Harness,
  subject: string,
  keys = 1,
): Promise<{ accountId: string; keys: string[] }> {
  const account = await new AccountsRepository(h.db.prisma).upsertByIdentity(
    { issuer: "https://id.example", subject, email: `${subject}@example.test`, displayName: null },
    randomUUID(),
  );
  const service = new ApiKeysService(new ApiKeysRepository(h.db), keys, systemClock);
  const made: string[] = [];
  for (let i = 0; i < keys; i++) made.push((await service.create(account.id))!.key);
  return { accountId: account.id, keys: made };
}
