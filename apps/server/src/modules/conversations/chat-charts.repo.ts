import type { ChatChart } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { newId, nowIso, parseJson, toJson } from '../../store/values.ts';

/** Charts the analyst made in a conversation, in the `charts` table every chart lives in. */
export async function insertChart(
  db: StoreDb,
  input: { queryId: string; title: string; config: Record<string, unknown>; ownerId: string },
): Promise<ChatChart> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('charts')
    .values({
      id,
      query_id: input.queryId,
      title: input.title,
      config: toJson(input.config),
      owner_id: input.ownerId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, queryId: input.queryId, title: input.title, config: input.config };
}

export async function findCharts(db: StoreDb, ids: readonly string[]): Promise<ChatChart[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('charts')
    .select(['id', 'query_id', 'title', 'config'])
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    queryId: row.query_id,
    title: row.title,
    config: parseJson(row.config) as Record<string, unknown>,
  }));
}
