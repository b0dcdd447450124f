import type { PrismaClient } from "../prisma.js";

export type AccountRecord = {
  id: string;
  issuer: string;
  subject: string;
  email: string | null;
  displayName: string | null;
  plan: string;
  createdAt: Date;
};

export type AccountIdentity = {
  issuer: string;
  subject: string;
  email: string | null;
  displayName: string | null;
};

/** Accounts, one per identity (issuer and subject) at the sign-in provider. */
export class AccountsRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** The account of an identity, created on first sign-in; email and name follow the provider. */
  async upsertByIdentity(identity: AccountIdentity, newId: string): Promise<AccountRecord> {
    const { issuer, subject, email, displayName } = identity;
    return this.prisma.account.upsert({
      where: { issuer_subject: { issuer, subject } },
      create: { id: newId, issuer, subject, email, displayName },
      update: { email, displayName },
    });
  }

  async findById(id: string): Promise<AccountRecord | null> {
    return this.prisma.account.findUnique({ where: { id } });
  }
}
