import type { StoreDb } from '../../store/connect.ts';
import type { FavoriteFlags } from '../queries/favorite-flags.ts';
import { favoriteIdsAmong } from './favorites.repo.ts';

/** The stars queries and charts show, read from the user's favourites. */
export function createFavoriteFlags(db: StoreDb): FavoriteFlags {
  return { starredAmong: (userId, itemType, itemIds) => favoriteIdsAmong(db, userId, itemType, itemIds) };
}
