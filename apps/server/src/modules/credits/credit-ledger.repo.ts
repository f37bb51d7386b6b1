import type { RawBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { StoreDb } from '../../store/connect.ts';
import type { CreditEntryKind } from '../../store/schema.ts';
import { newId, nowIso } from '../../store/values.ts';
import type { CreditAccount } from './credit-account.ts';
import { accountKey } from './credit-account.ts';

/*
 * The only SQL of credits. A balance is never stored: it is the sum of its ledger entries, and
 * what may be spent is that less the live holds.
 */

// The ledger and the holds name their owner with the same two columns.
function ownedBy(account: CreditAccount): RawBuilder<SqlBool> {
  return account.organizationId === null
    ? sql<SqlBool>`user_id = ${account.userId} and organization_id is null`
    : sql<SqlBool>`organization_id = ${account.organizationId}`;
}

/** The balance: every entry of the account summed. */
export async function sumBalance(db: StoreDb, account: CreditAccount): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    .where(ownedBy(account))
    .executeTakeFirstOrThrow();
  // A number on both dialects: the store parses PostgreSQL's bigint sums (connect.ts).
  return row.total;
}

/** A user's own balance (not their organisation's pool). */
export async function sumCredits(db: StoreDb, userId: string): Promise<number> {
  return sumBalance(db, { userId, organizationId: null });
}

/** Credits set aside by holds that have not expired; `exceptHoldId` leaves one out. */
export async function sumLiveHolds(
  db: StoreDb,
  account: CreditAccount,
  now: string,
  exceptHoldId: string | null = null,
): Promise<number> {
  let query = db
    .selectFrom('credit_holds')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    .where('expires_at', '>', now)
    .where(ownedBy(account));
  if (exceptHoldId !== null) query = query.where('id', '!=', exceptHoldId);
  const row = await query.executeTakeFirstOrThrow();
  return row.total;
}

/** What a member drew from their organisation's pool since `since`, and holds for them now. */
export async function sumMemberUse(
  db: StoreDb,
  input: { organizationId: string; userId: string; since: string; now: string; exceptHoldId?: string | null },
): Promise<{ spent: number; held: number }> {
  const spent = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    .where('organization_id', '=', input.organizationId)
    .where('user_id', '=', input.userId)
    .where('kind', 'in', ['spend', 'refund'])
    .where('created_at', '>=', input.since)
    .executeTakeFirstOrThrow();
  let holds = db
    .selectFrom('credit_holds')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    .where('organization_id', '=', input.organizationId)
    .where('user_id', '=', input.userId)
    .where('expires_at', '>', input.now);
  if (input.exceptHoldId) holds = holds.where('id', '!=', input.exceptHoldId);
  const held = await holds.executeTakeFirstOrThrow();
  return { spent: -spent.total, held: held.total };
}

export async function findMemberCap(
  db: StoreDb,
  organizationId: string,
  userId: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('credit_member_caps')
    .select('monthly_cap')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? row.monthly_cap : null;
}

/** Sets (or with null removes) a member's monthly cap on the organisation's pool. */
export async function saveMemberCap(
  db: StoreDb,
  input: { organizationId: string; userId: string; monthlyCap: number | null },
): Promise<void> {
  await db
    .deleteFrom('credit_member_caps')
    .where('organization_id', '=', input.organizationId)
    .where('user_id', '=', input.userId)
    .execute();
  if (input.monthlyCap === null) return;
  await db
    .insertInto('credit_member_caps')
    .values({ organization_id: input.organizationId, user_id: input.userId, monthly_cap: input.monthlyCap })
    .execute();
}

/** Whether an organisation has ever had credits: only then do its members draw from its pool. */
export async function hasPool(db: StoreDb, organizationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('credit_ledger')
    .select('id')
    .where('organization_id', '=', organizationId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Serialises every check-then-write on one account until the transaction ends: PostgreSQL locks
 * the account's row; SQLite has a single writer anyway.
 */
export async function lockAccount(db: StoreDb, account: CreditAccount): Promise<void> {
  const key = accountKey(account);
  await db
    .insertInto('credit_accounts')
    .values({ account: key, version: 0 })
    .onConflict((conflict) => conflict.column('account').doNothing())
    .execute();
  await db
    .updateTable('credit_accounts')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('account', '=', key)
    .execute();
}

export interface NewCreditEntry {
  account: CreditAccount;
  kind: CreditEntryKind;
  amount: number;
  reason: string;
  actorId: string | null;
  subject: string | null;
  idempotencyKey: string | null;
  /** When it happened; now when omitted. */
  at?: string;
}

/** False when an entry with the same idempotency key was already written. */
export async function insertEntry(db: StoreDb, entry: NewCreditEntry): Promise<boolean> {
  const result = await db
    .insertInto('credit_ledger')
    .values({
      id: newId(),
      user_id: entry.account.userId,
      organization_id: entry.account.organizationId,
      kind: entry.kind,
      amount: entry.amount,
      reason: entry.reason,
      actor_id: entry.actorId,
      subject: entry.subject,
      idempotency_key: entry.idempotencyKey,
      created_at: entry.at ?? nowIso(),
    })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Kept for suites that seed a plain grant. */
export async function addCreditEntry(
  db: StoreDb,
  entry: { userId: string; amount: number; reason: string },
): Promise<void> {
  await insertEntry(db, {
    account: { userId: entry.userId, organizationId: null },
    kind: entry.amount >= 0 ? 'grant' : 'spend',
    amount: entry.amount,
    reason: entry.reason,
    actorId: null,
    subject: null,
    idempotencyKey: null,
  });
}

export async function hasEntry(db: StoreDb, idempotencyKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('credit_ledger')
    .select('id')
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** A user's spends (net of refunds) since `since`, on any balance, oldest first. */
export async function listUserSpends(
  db: StoreDb,
  input: { userId: string; since: string },
): Promise<{ amount: number; createdAt: string }[]> {
  const rows = await db
    .selectFrom('credit_ledger')
    .select(['amount', 'created_at'])
    .where('user_id', '=', input.userId)
    .where('kind', 'in', ['spend', 'refund'])
    .where('created_at', '>=', input.since)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ amount: row.amount, createdAt: row.created_at }));
}

export interface UsageSum {
  userId: string;
  userName: string;
  organizationId: string | null;
  organizationName: string | null;
  spent: number;
  added: number;
}

/** Every balance's spends and additions since `since`, per user and pool, with their names. */
export async function sumUsageSince(db: StoreDb, since: string): Promise<UsageSum[]> {
  const rows = await db
    .selectFrom('credit_ledger')
    .innerJoin('users', 'users.id', 'credit_ledger.user_id')
    .leftJoin('organizations', 'organizations.id', 'credit_ledger.organization_id')
    .select([
      'credit_ledger.user_id as userId',
      // A visitor of the sandbox has no email; name them as what they are, not by a bare id.
      sql<string>`coalesce(users.email, case when users.role = 'anonymous' then 'Anonymous visitor ' || substr(users.id, 1, 8) else users.id end)`.as(
        'userName',
      ),
      'credit_ledger.organization_id as organizationId',
      'organizations.name as organizationName',
      sql<number>`coalesce(sum(case when kind in ('spend', 'refund') then -amount else 0 end), 0)`.as(
        'spent',
      ),
      // An expiry writes off an allowance already counted as added: it is neither use nor addition.
      sql<number>`coalesce(sum(case when kind in ('spend', 'refund', 'expiry') then 0 else amount end), 0)`.as(
        'added',
      ),
    ])
    .where('credit_ledger.created_at', '>=', since)
    .groupBy([
      'credit_ledger.user_id',
      'users.email',
      'users.id',
      'credit_ledger.organization_id',
      'organizations.name',
    ])
    .execute();
  return rows;
}

export interface HoldRecord {
  id: string;
  account: CreditAccount;
  amount: number;
}

export async function insertHold(
  db: StoreDb,
  input: { account: CreditAccount; amount: number; subject: string; expiresAt: string },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('credit_holds')
    .values({
      id,
      user_id: input.account.userId,
      organization_id: input.account.organizationId,
      amount: input.amount,
      subject: input.subject,
      expires_at: input.expiresAt,
      created_at: nowIso(),
    })
    .execute();
  return id;
}

/** Removes a hold; the removed hold, or null when it was already gone. */
export async function deleteHold(db: StoreDb, holdId: string): Promise<HoldRecord | null> {
  const row = await db
    .selectFrom('credit_holds')
    .select(['id', 'user_id', 'organization_id', 'amount'])
    .where('id', '=', holdId)
    .executeTakeFirst();
  if (!row) return null;
  await db.deleteFrom('credit_holds').where('id', '=', holdId).execute();
  return {
    id: row.id,
    account: { userId: row.user_id, organizationId: row.organization_id },
    amount: row.amount,
  };
}

export interface CreditEntryRecord {
  id: string;
  kind: CreditEntryKind;
  amount: number;
  reason: string;
  userId: string;
  organizationId: string | null;
  actorId: string | null;
  subject: string | null;
  createdAt: string;
}

/**
 * The account's entries, newest first. `spentBy` keeps, of the spends, only that member's: a
 * pool's history as one member reads it (what the pool received, and what they spent).
 */
export async function listEntries(
  db: StoreDb,
  account: CreditAccount,
  limit: number,
  spentBy?: string,
): Promise<CreditEntryRecord[]> {
  const rows = await db
    .selectFrom('credit_ledger')
    .select([
      'id',
      'kind',
      'amount',
      'reason',
      'user_id',
      'organization_id',
      'actor_id',
      'subject',
      'created_at',
    ])
    .where(ownedBy(account))
    .$if(spentBy !== undefined, (query) =>
      query.where((eb) => eb.or([eb('kind', '!=', 'spend'), eb('user_id', '=', spentBy ?? '')])),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    reason: row.reason,
    userId: row.user_id,
    organizationId: row.organization_id,
    actorId: row.actor_id,
    subject: row.subject,
    createdAt: row.created_at,
  }));
}
