import type { StoreDb } from '../../store/connect.ts';
import type { FavoriteItemType } from '../../store/schema.ts';

/**
 * Which queries or charts a user starred, for the star shown on each. Stars belong to the
 * favourites module, which itself lists queries and charts: the app hands its answer in here, so
 * the dependency runs one way only.
 */
export interface FavoriteFlags {
  starredAmong(
    userId: string,
    itemType: FavoriteItemType,
    itemIds: readonly string[],
  ): Promise<ReadonlySet<string>>;
}

/** What a use case showing queries or charts to a user needs. */
export interface ShowDeps {
  db: StoreDb;
  favorites: FavoriteFlags;
}

/** Whether the user starred this one item. */
export async function isStarred(
  favorites: FavoriteFlags,
  userId: string,
  itemType: FavoriteItemType,
  itemId: string,
): Promise<boolean> {
  return (await favorites.starredAmong(userId, itemType, [itemId])).has(itemId);
}
