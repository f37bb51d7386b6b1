import type { Subject } from '../access/subject.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { databaseSubject } from '../databases/database-subject.ts';
import type { ProjectRecord } from './project-record.ts';

/** Projects made by whoever publishes a database (its owner or their organization). */
function isPublishersProject(
  project: Pick<ProjectRecord, 'ownerId' | 'organizationId'>,
  database: Pick<DatabaseRecord, 'ownerId' | 'organizationId'>,
): boolean {
  return (
    project.ownerId === database.ownerId ||
    (project.organizationId !== null && project.organizationId === database.organizationId)
  );
}

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
    isPublic: database.isPublic && isPublishersProject(project, database),
    parent: databaseSubject(database),
  };
}
