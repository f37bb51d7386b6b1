import type { StoreDb } from '../../store/connect.ts';
import { newId, nowIso } from '../../store/values.ts';

export interface MemoryRecord {
  id: string;
  databaseId: string;
  content: string;
  createdAt: string;
  updatedAt: string;
}

/** What the analyst remembers about a database, newest first. */
export async function listMemories(db: StoreDb, databaseId: string, limit = 200): Promise<MemoryRecord[]> {
  const rows = await db
    .selectFrom('memories')
    .selectAll()
    .where('database_id', '=', databaseId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    databaseId: row.database_id,
    content: row.content,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

export async function insertMemory(
  db: StoreDb,
  input: { databaseId: string; content: string },
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('memories')
    .values({ id, database_id: input.databaseId, content: input.content, created_at: now, updated_at: now })
    .execute();
  return id;
}

/** Marks an existing memory as seen again, so a fact the analyst re-learns stays near the top. */
export async function touchMemory(db: StoreDb, id: string): Promise<void> {
  await db.updateTable('memories').set({ updated_at: nowIso() }).where('id', '=', id).execute();
}
