import type { StoreDb } from '../../store/connect.ts';
import type { User } from '../users/user.ts';
import { requireDatabase } from './database-access.ts';
import { setDatabasesShared } from './databases.repo.ts';

/** PUT /api/sharing/database/{id}: an upload is private until its owner shares it with their organisation. */
export async function shareDatabase(
  deps: { db: StoreDb },
  input: { user: User; id: string; shared: boolean },
) {
  const database = await requireDatabase(deps.db, input.user, input.id, 'share');
  await setDatabasesShared(deps.db, database.id, input.shared);
}
