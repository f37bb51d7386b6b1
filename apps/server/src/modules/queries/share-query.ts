import type { StoreDb } from '../../store/connect.ts';
import type { User } from '../users/user.ts';
import { setQueriesShared } from './queries.repo.ts';
import { requireQuery } from './query-access.ts';

/** PUT /api/sharing/query/{id}: the owner shares it with their organisation (colleagues read and run it). */
export async function shareQuery(deps: { db: StoreDb }, input: { user: User; id: string; shared: boolean }) {
  const { query } = await requireQuery(deps.db, input.user, input.id, 'share');
  await setQueriesShared(deps.db, query.id, input.shared);
}
