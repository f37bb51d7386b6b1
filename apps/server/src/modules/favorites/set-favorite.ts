import type { FavoriteState } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import type { FavoriteItemType } from '../../store/schema.ts';
import { authorizeKind } from '../access/authorize.ts';
import { kindSubject } from '../access/subject.ts';
import { requireChart } from '../charts/chart-access.ts';
import { requireQuery } from '../queries/query-access.ts';
import type { User } from '../users/user.ts';
import { favoriteSubject } from './favorite-subject.ts';
import { setFavorite as writeFavorite } from './favorites.repo.ts';

/**
 * PUT /api/query/{id}/favorite and PUT /api/charts/{id}/favorite: a per-user star on anything
 * the user may read (a colleague's query too); starring twice or unstarring an unstarred item
 * is harmless. Starring makes a favourite (`create`); unstarring removes one of the user's own
 * (`delete`).
 */
export async function setFavorite(
  deps: { db: StoreDb },
  input: { user: User; itemType: FavoriteItemType; itemId: string; isFavorite: boolean },
): Promise<FavoriteState> {
  if (input.isFavorite) {
    authorizeKind(input.user, 'create', kindSubject('favorite'), 'You may not star anything');
  } else {
    authorizeKind(input.user, 'delete', favoriteSubject(input.user), 'You may not remove this star');
  }
  if (input.itemType === 'query') await requireQuery(deps.db, input.user, input.itemId, 'read');
  else await requireChart(deps.db, input.user, input.itemId, 'read');
  await writeFavorite(deps.db, {
    userId: input.user.id,
    itemType: input.itemType,
    itemId: input.itemId,
    isFavorite: input.isFavorite,
  });
  return { id: input.itemId, is_favorite: input.isFavorite };
}
