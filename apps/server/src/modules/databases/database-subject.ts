import type { Subject } from '../access/subject.ts';
import type { DatabaseRecord } from './database-record.ts';

/** A database as the policy sees it. */
export function databaseSubject(
  database: Pick<DatabaseRecord, 'ownerId' | 'organizationId' | 'isPublic' | 'sharedWithOrganization'>,
): Subject {
  return {
    kind: 'database',
    ownerId: database.ownerId,
    organizationId: database.organizationId,
    sharedWithOrganization: database.sharedWithOrganization,
    isPublic: database.isPublic,
  };
}
