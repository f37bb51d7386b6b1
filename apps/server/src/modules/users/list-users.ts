import type { StoreDb } from '../../store/connect.ts';
import type { User } from './user.ts';
import { searchUsers } from './users.repo.ts';

/** How many people one page of the administrators' list shows. */
export const userListLimit = 500;

/** People matching an administrator's search (anonymous visitors are never listed). */
export async function listUsers(
  deps: { db: StoreDb },
  input: { text?: string | undefined; organizationId?: string | undefined },
): Promise<{ users: User[]; truncated: boolean }> {
  const found = await searchUsers(deps.db, { ...input, limit: userListLimit });
  return { users: found.slice(0, userListLimit), truncated: found.length > userListLimit };
}
