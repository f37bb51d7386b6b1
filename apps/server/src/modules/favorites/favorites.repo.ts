import type { StoreDb } from '../../store/connect.ts';
import type { FavoriteItemType } from '../../store/schema.ts';
import { newId } from '../../store/values.ts';

/**
 * The only code with SQL for `favorites`: one star per user and item. A star names its item in
 * `query_id` or `chart_id`, foreign keys that cascade: it goes with its query or chart, whoever
 * deletes it and however (migration 0007).
 */

/** The column that names an item of this type. */
const itemColumn: Record<FavoriteItemType, 'query_id' | 'chart_id'> = {
  query: 'query_id',
  chart: 'chart_id',
};

export interface FavoriteEntry {
  itemType: FavoriteItemType;
  itemId: string;
  createdAt: string;
}

/** Stars or unstars; idempotent either way. */
export async function setFavorite(
  db: StoreDb,
  input: { userId: string; itemType: FavoriteItemType; itemId: string; isFavorite: boolean },
): Promise<void> {
  const column = itemColumn[input.itemType];
  if (input.isFavorite) {
    await db
      .insertInto('favorites')
      .values({
        id: newId(),
        user_id: input.userId,
        query_id: input.itemType === 'query' ? input.itemId : null,
        chart_id: input.itemType === 'chart' ? input.itemId : null,
      })
      .onConflict((oc) => oc.columns(['user_id', column]).doNothing())
      .execute();
    return;
  }
  await db
    .deleteFrom('favorites')
    .where('user_id', '=', input.userId)
    .where(column, '=', input.itemId)
    .execute();
}

/** Which of these items the user starred. */
export async function favoriteIdsAmong(
  db: StoreDb,
  userId: string,
  itemType: FavoriteItemType,
  itemIds: readonly string[],
): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const column = itemColumn[itemType];
  const rows = await db
    .selectFrom('favorites')
    .select(`${column} as itemId`)
    .where('user_id', '=', userId)
    .where(column, 'in', [...itemIds])
    .execute();
  return new Set(rows.flatMap((row) => (row.itemId === null ? [] : [row.itemId])));
}

/** The user's stars, most recent first. */
export async function listFavoriteEntries(db: StoreDb, userId: string): Promise<FavoriteEntry[]> {
  const rows = await db
    .selectFrom('favorites')
    .select(['query_id', 'chart_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.flatMap((row): FavoriteEntry[] => {
    if (row.query_id !== null)
      return [{ itemType: 'query', itemId: row.query_id, createdAt: row.created_at }];
    if (row.chart_id !== null)
      return [{ itemType: 'chart', itemId: row.chart_id, createdAt: row.created_at }];
    return [];
  });
}
