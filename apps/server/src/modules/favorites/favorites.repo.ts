import type { StoreDb } from '../../store/connect.ts';
import type { FavoriteItemType } from '../../store/schema.ts';
import { newId } from '../../store/values.ts';

/** The only code with SQL for `favorites`: one star per user and item. */

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
  if (input.isFavorite) {
    await db
      .insertInto('favorites')
      .values({ id: newId(), user_id: input.userId, item_type: input.itemType, item_id: input.itemId })
      .onConflict((oc) => oc.columns(['user_id', 'item_type', 'item_id']).doNothing())
      .execute();
    return;
  }
  await db
    .deleteFrom('favorites')
    .where('user_id', '=', input.userId)
    .where('item_type', '=', input.itemType)
    .where('item_id', '=', input.itemId)
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
  const rows = await db
    .selectFrom('favorites')
    .select('item_id')
    .where('user_id', '=', userId)
    .where('item_type', '=', itemType)
    .where('item_id', 'in', [...itemIds])
    .execute();
  return new Set(rows.map((row) => row.item_id));
}

export async function isFavorite(
  db: StoreDb,
  userId: string,
  itemType: FavoriteItemType,
  itemId: string,
): Promise<boolean> {
  return (await favoriteIdsAmong(db, userId, itemType, [itemId])).has(itemId);
}

/** The user's stars, most recent first. */
export async function listFavoriteEntries(db: StoreDb, userId: string): Promise<FavoriteEntry[]> {
  const rows = await db
    .selectFrom('favorites')
    .select(['item_type', 'item_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ itemType: row.item_type, itemId: row.item_id, createdAt: row.created_at }));
}

/**
 * Everyone's stars on items being deleted: `favorites.item_id` points at queries or charts, so no
 * foreign key can cascade for it.
 */
export async function deleteFavoritesOf(
  db: StoreDb,
  itemType: FavoriteItemType,
  itemIds: readonly string[],
): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .deleteFrom('favorites')
    .where('item_type', '=', itemType)
    .where('item_id', 'in', [...itemIds])
    .execute();
}
