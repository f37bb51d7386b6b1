import type { Action } from '../access/access-words.ts';
import { authorize } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import { can } from '../access/can.ts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { databaseSeenBy, findDatabase } from '../databases/database-access.ts';
import type { DatabaseAccess } from '../databases/database-access.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { ProjectRecord } from './project-record.ts';
import { projectSubject } from './project-subject.ts';
import { findProjectById } from './projects.repo.ts';

/** The policy's answer for a project, in short. */
export function projectAccess(
  actor: Actor,
  project: Pick<ProjectRecord, 'ownerId' | 'organizationId'>,
  database: Pick<DatabaseRecord, 'ownerId' | 'organizationId' | 'isPublic' | 'sharedWithOrganization'>,
): DatabaseAccess {
  const subject = projectSubject(project, database);
  if (!can(actor, 'read', subject)) return 'none';
  return can(actor, 'edit', subject) ? 'write' : 'read';
}

export function projectNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Project not found');
}

export async function requireProject(
  db: StoreDb,
  actor: Actor,
  id: string,
  needed: Action | 'write',
): Promise<{ project: ProjectRecord; database: DatabaseRecord; access: DatabaseAccess }> {
  const project = await findProjectById(db, id);
  const database = project ? await findDatabase(db, project.databaseId) : null;
  if (!project || !database) throw projectNotFound();
  authorize(actor, needed === 'write' ? 'edit' : needed, projectSubject(project, database), {
    notFound: projectNotFound,
    forbidden: () =>
      new AppError(
        'FORBIDDEN',
        'This project is shared read-only: only its owner and administrators can change it',
      ),
  });
  return {
    project,
    database: databaseSeenBy(actor, database),
    access: projectAccess(actor, project, database),
  };
}
