import type { StoreDb } from '../../store/connect.ts';
import type { User } from './user.ts';
import { insertServiceAccount } from './users.repo.ts';

/**
 * The identity an organisation API key acts as: a member of its organisation, so it sees what the
 * organisation shares and owns the query history it makes, but no person's private objects.
 */
export function createServiceAccount(
  db: StoreDb,
  input: { keyName: string; organizationId: string },
): Promise<User> {
  return insertServiceAccount(db, {
    name: `${input.keyName} (API key)`,
    organizationId: input.organizationId,
  });
}
