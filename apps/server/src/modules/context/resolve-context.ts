import type { StoreDb } from '../../store/connect.ts';
import { databaseAccess, requireDatabase } from '../databases/database-access.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { requireProject } from '../projects/project-access.ts';
import type { ProjectRecord } from '../projects/project-record.ts';
import type { User } from '../users/user.ts';
import { parseContext } from './parse-context.ts';

export interface ResolvedContext {
  database: DatabaseRecord;
  /** Set for a project: its tables come first. */
  project: ProjectRecord | null;
  /** Whether the user may change the database (and so what the analyst remembers about it). */
  canChangeDatabase: boolean;
}

/**
 * The database or project a `contextId` names, checked against what the user may read now: access
 * can be lost after it was chosen (a database made private, a project deleted).
 */
export async function resolveContext(
  db: StoreDb,
  user: Pick<User, 'id' | 'role' | 'organizationId'>,
  contextId: string,
): Promise<ResolvedContext> {
  const parsed = parseContext(contextId);
  if (parsed.kind === 'database') {
    const database = await requireDatabase(db, user, parsed.id, 'read');
    return { database, project: null, canChangeDatabase: databaseAccess(user, database) === 'write' };
  }
  const { project, database } = await requireProject(db, user, parsed.id, 'read');
  return { database, project, canChangeDatabase: databaseAccess(user, database) === 'write' };
}
