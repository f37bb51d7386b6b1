import type { Subject } from '../access/subject.ts';
import type { ApiKeyRecord } from './api-key-record.ts';

/**
 * A key as the policy sees it: a personal key is its maker's (who is also who it acts as); an
 * organisation key belongs to no person, so only those who administer organisation keys reach it.
 */
export function apiKeySubject(key: Pick<ApiKeyRecord, 'userId' | 'organizationId'>): Subject {
  if (key.organizationId !== null) {
    return {
      kind: 'organization_api_key',
      ownerId: null,
      organizationId: key.organizationId,
      sharedWithOrganization: false,
      isPublic: false,
    };
  }
  return {
    kind: 'api_key',
    ownerId: key.userId,
    organizationId: null,
    sharedWithOrganization: false,
    isPublic: false,
  };
}
