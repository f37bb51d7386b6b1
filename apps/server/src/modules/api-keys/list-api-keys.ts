import { can } from '../access/can.ts';
import { kindSubject } from '../access/subject.ts';
import type { User } from '../users/user.ts';
import type { ApiKeyDeps } from './api-key-deps.ts';
import type { ApiKeyRecord } from './api-key-record.ts';
import { selectOrganizationKeys, selectPersonalKeys } from './api-keys.repo.ts';

/** The person's own keys, and the organisation keys when they administer them; never revoked ones. */
export async function listApiKeys(deps: ApiKeyDeps, input: { user: User }): Promise<ApiKeyRecord[]> {
  const personal = await selectPersonalKeys(deps.db, input.user.id);
  if (!can(input.user, 'read', kindSubject('organization_api_key'))) return personal;
  return [...personal, ...(await selectOrganizationKeys(deps.db))];
}
