import type { MemorySource, MemoryStatus } from '@querent/contracts';
import type { Selectable } from 'kysely';
import type { StoreDb } from '../../store/connect.ts';
import type { MemoriesTable } from '../../store/schema.ts';
import { newId, nowIso } from '../../store/values.ts';

export interface MemoryRecord {
  id: string;
  databaseId: string;
  content: string;
  status: MemoryStatus;
  source: MemorySource;
  conversationId: string | null;
  createdAt: string;
  updatedAt: string;
}

function toRecord(row: Selectable<MemoriesTable>): MemoryRecord {
  return {
    id: row.id,
    databaseId: row.database_id,
    content: row.content,
    status: row.status === 'pending' ? 'pending' : 'approved',
    source: row.source === 'person' ? 'person' : 'model',
    conversationId: row.conversation_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A database's facts: pending first (they wait for a decision), then the most recently changed. */
export async function listMemories(
  db: StoreDb,
  databaseId: string,
  options: { status?: MemoryStatus; limit?: number } = {},
): Promise<MemoryRecord[]> {
  let query = db.selectFrom('memories').selectAll().where('database_id', '=', databaseId);
  if (options.status) query = query.where('status', '=', options.status);
  const rows = await query
    .orderBy('status', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(options.limit ?? 1000)
    .execute();
  return rows.map(toRecord);
}

export async function findMemory(db: StoreDb, id: string): Promise<MemoryRecord | null> {
  const row = await db.selectFrom('memories').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function insertMemory(
  db: StoreDb,
  input: {
    databaseId: string;
    content: string;
    status: MemoryStatus;
    source: MemorySource;
    conversationId: string | null;
  },
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('memories')
    .values({
      id,
      database_id: input.databaseId,
      content: input.content,
      status: input.status,
      source: input.source,
      conversation_id: input.conversationId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function updateMemory(
  db: StoreDb,
  id: string,
  change: { content?: string; status?: MemoryStatus },
): Promise<void> {
  await db
    .updateTable('memories')
    .set({ ...change, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function deleteMemory(db: StoreDb, id: string): Promise<void> {
  await db.deleteFrom('memories').where('id', '=', id).execute();
}
