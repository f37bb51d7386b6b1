import type { ServerConversationStatus } from '@querent/contracts';
import type { Selectable } from 'kysely';
import type { StoreDb } from '../../store/connect.ts';
import type { ConversationsTable } from '../../store/schema.ts';
import { newId, nowIso, readBool } from '../../store/values.ts';

export interface ConversationRecord {
  id: string;
  name: string | null;
  ownerId: string;
  organizationId: string | null;
  /** Shared by its owner with their organization, read-only; private until then. */
  sharedWithOrganization: boolean;
  databaseId: string;
  projectId: string | null;
  contextId: string;
  /** As stored; see effectiveStatus for what to show. */
  status: ServerConversationStatus;
  error: string | null;
  turnExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewConversation {
  ownerId: string;
  organizationId: string | null;
  databaseId: string;
  projectId: string | null;
  contextId: string;
  name: string | null;
}

function toRecord(row: Selectable<ConversationsTable>): ConversationRecord {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    organizationId: row.organization_id,
    sharedWithOrganization: readBool(row.shared),
    databaseId: row.database_id,
    projectId: row.project_id,
    contextId: row.context_id,
    status: row.status,
    error: row.error,
    turnExpiresAt: row.turn_expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A turn whose lease lapsed died with its instance, even before a sweep closes it. */
export function turnLapsed(record: ConversationRecord, now = nowIso()): boolean {
  const busy = record.status === 'running' || record.status === 'to_stop';
  return busy && (record.turnExpiresAt === null || record.turnExpiresAt < now);
}

/** A lapsed turn no longer counts as running: it was interrupted, which is an error to show. */
export function effectiveStatus(record: ConversationRecord, now = nowIso()): ServerConversationStatus {
  return turnLapsed(record, now) ? 'error' : record.status;
}

export async function insertConversation(db: StoreDb, input: NewConversation): Promise<ConversationRecord> {
  const now = nowIso();
  const row = await db
    .insertInto('conversations')
    .values({
      id: newId(),
      name: input.name,
      owner_id: input.ownerId,
      organization_id: input.organizationId,
      database_id: input.databaseId,
      project_id: input.projectId,
      context_id: input.contextId,
      status: 'clear',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function findConversation(db: StoreDb, id: string): Promise<ConversationRecord | null> {
  const row = await db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The owner's conversations about one context, most recently active first. */
export async function listOwnedConversations(
  db: StoreDb,
  input: { ownerId: string; contextId: string },
): Promise<ConversationRecord[]> {
  const rows = await db
    .selectFrom('conversations')
    .selectAll()
    .where('owner_id', '=', input.ownerId)
    .where('context_id', '=', input.contextId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

export async function renameConversation(db: StoreDb, id: string, name: string): Promise<ConversationRecord> {
  const row = await db
    .updateTable('conversations')
    .set({ name, updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Names a conversation that has no name yet, answering it named; null when it already had one. */
export async function nameIfUnnamed(
  db: StoreDb,
  id: string,
  name: string,
): Promise<ConversationRecord | null> {
  const row = await db
    .updateTable('conversations')
    .set({ name })
    .where('id', '=', id)
    .where('name', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function deleteConversation(db: StoreDb, id: string): Promise<void> {
  await db.deleteFrom('conversations').where('id', '=', id).execute();
}

function leaseUntil(leaseMs: number): string {
  return new Date(Date.now() + leaseMs).toISOString();
}

/**
 * Takes the conversation's turn for this instance, atomically: false when a live turn holds it
 * (here or on another instance), so two questions can never be answered at once.
 */
export async function claimTurn(
  db: StoreDb,
  id: string,
  claim: { leaseMs: number; instanceId: string },
): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('conversations')
    .set({
      status: 'running',
      error: null,
      turn_expires_at: leaseUntil(claim.leaseMs),
      turn_instance: claim.instanceId,
      updated_at: now,
    })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', 'not in', ['running', 'to_stop']),
        eb('turn_expires_at', 'is', null),
        eb('turn_expires_at', '<', now),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** How many turns one renewal statement names, well under every store's parameter limit. */
const RENEWED_AT_ONCE = 500;

/**
 * Extends the leases of this instance's live turns, a few hundred to a statement; answers the
 * stored status of each one renewed, so a stop asked elsewhere is seen here. A turn missing from
 * the answer is no longer this instance's to run (it ended, or lapsed and was closed).
 */
export async function renewTurns(
  db: StoreDb,
  ids: readonly string[],
  lease: { leaseMs: number; instanceId: string },
): Promise<Map<string, ServerConversationStatus>> {
  const renewed = new Map<string, ServerConversationStatus>();
  for (let start = 0; start < ids.length; start += RENEWED_AT_ONCE) {
    const rows = await db
      .updateTable('conversations')
      .set({ turn_expires_at: leaseUntil(lease.leaseMs) })
      .where('id', 'in', ids.slice(start, start + RENEWED_AT_ONCE))
      .where('status', 'in', ['running', 'to_stop'])
      .where('turn_instance', '=', lease.instanceId)
      .returning(['id', 'status'])
      .execute();
    for (const row of rows) renewed.set(row.id, row.status);
  }
  return renewed;
}

/** Marks a running turn as being stopped; false when none runs. */
export async function markStopping(db: StoreDb, id: string): Promise<boolean> {
  const result = await db
    .updateTable('conversations')
    .set({ status: 'to_stop' })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('turn_expires_at', '>=', nowIso())
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function finishTurn(
  db: StoreDb,
  id: string,
  outcome: { status: 'clear' | 'error'; error: string | null },
): Promise<void> {
  await db
    .updateTable('conversations')
    .set({
      status: outcome.status,
      error: outcome.error,
      turn_expires_at: null,
      turn_instance: null,
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

/** Shares the row with its owner's organisation, or makes it private again (the caller asked the policy). */
export async function setConversationsShared(db: StoreDb, id: string, shared: boolean): Promise<void> {
  await db.updateTable('conversations').set({ shared, updated_at: nowIso() }).where('id', '=', id).execute();
}

/** Everything the owner has here now belongs to their new organisation (or to none). */
export async function setConversationsOrganizationOfOwner(
  db: StoreDb,
  ownerId: string,
  organizationId: string | null,
): Promise<void> {
  await db
    .updateTable('conversations')
    .set({ organization_id: organizationId })
    .where('owner_id', '=', ownerId)
    .execute();
}

/** Makes every conversation of the owner private again (their organisation is gone). */
export async function unshareConversationsOfOwner(db: StoreDb, ownerId: string): Promise<void> {
  await db
    .updateTable('conversations')
    .set({ shared: false })
    .where('owner_id', '=', ownerId)
    .where('shared', '=', true)
    .execute();
}
