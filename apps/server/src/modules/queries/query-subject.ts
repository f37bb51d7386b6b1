import type { Subject } from '../access/subject.ts';
import { sharedByChoiceSubject } from '../access/subject.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { databaseSubject } from '../databases/database-subject.ts';
import type { QueryRecord } from './query-record.ts';

type Owned = Pick<QueryRecord, 'ownerId' | 'ownerOrganizationId' | 'sharedWithOrganization'>;

/** A saved query (or a chart, kind `chart`) as the policy sees it: private until shared, following its database. */
export function ownedSubject(kind: 'query' | 'chart', owned: Owned, parent: Subject | undefined): Subject {
  return sharedByChoiceSubject(kind, { ...owned, organizationId: owned.ownerOrganizationId }, parent);
}

export function querySubject(
  query: Owned,
  database:
    | Pick<DatabaseRecord, 'ownerId' | 'organizationId' | 'isPublic' | 'sharedWithOrganization'>
    | undefined,
): Subject {
  return ownedSubject('query', query, database ? databaseSubject(database) : undefined);
}
