import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { databaseAccess, findDatabase } from '../databases/database-access.ts';
import type { DatabaseAccess } from '../databases/database-access.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { User } from '../users/user.ts';
import type { ProjectRecord } from './project-record.ts';
import { findProjectById } from './projects.repo.ts';

/** The project's owner and their organization may change it. */
export function mayChangeProject(
  user: Pick<User, 'id' | 'organizationId'>,
  project: Pick<ProjectRecord, 'ownerId' | 'organizationId'>,
): boolean {
  return (
    project.ownerId === user.id ||
    (user.organizationId !== null && project.organizationId === user.organizationId)
  );
}

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
 * A project follows its database: invisible when the database is. Its owner and their
 * organization may change it. A public database shares its publisher's projects, read-only;
 * projects other users build on it stay theirs.
 */
export function projectAccess(
  user: Pick<User, 'id' | 'organizationId'>,
  project: Pick<ProjectRecord, 'ownerId' | 'organizationId'>,
  database: Pick<DatabaseRecord, 'ownerId' | 'organizationId' | 'isPublic'>,
): DatabaseAccess {
  if (databaseAccess(user, database) === 'none') return 'none';
  if (mayChangeProject(user, project)) return 'write';
  return database.isPublic && isPublishersProject(project, database) ? 'read' : 'none';
}

export function projectNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Project not found');
}

export async function requireProject(
  db: StoreDb,
  user: Pick<User, 'id' | 'organizationId'>,
  id: string,
  needed: 'read' | 'write',
): Promise<{ project: ProjectRecord; database: DatabaseRecord; access: DatabaseAccess }> {
  const project = await findProjectById(db, id);
  const database = project ? await findDatabase(db, project.databaseId) : null;
  const access = project && database ? projectAccess(user, project, database) : 'none';
  if (!project || !database || access === 'none') throw projectNotFound();
  if (needed === 'write' && access !== 'write') {
    throw new AppError(
      'FORBIDDEN',
      'This project is shared read-only: only its owner and their organization can change it',
    );
  }
  return { project, database, access };
}
