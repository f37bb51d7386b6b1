import type { Subject } from '../access/subject.ts';
import { madeByPublisher } from '../access/subject.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { databaseSubject } from '../databases/database-subject.ts';
import type { ProjectRecord } from './project-record.ts';

/**
 * A project as the policy sees it: shared with its owner's organisation, following its database.
 * A public database shares its publisher's projects; projects others build on it stay theirs.
 */
export function projectSubject(
  project: Pick<ProjectRecord, 'ownerId' | 'organizationId'>,
  database: Pick<DatabaseRecord, 'ownerId' | 'organizationId' | 'isPublic' | 'sharedWithOrganization'>,
): Subject {
  return {
    kind: 'project',
    ownerId: project.ownerId,
    organizationId: project.organizationId,
    sharedWithOrganization: true,
    isPublic: database.isPublic && madeByPublisher(project, database),
    parent: databaseSubject(database),
  };
}
