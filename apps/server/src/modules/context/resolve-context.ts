import type { StoreDb } from '../../store/connect.ts';
import type { Actor } from '../access/can.ts';
import { can } from '../access/can.ts';
import { followingSubject } from '../access/subject.ts';
import { databaseSubject } from '../databases/database-subject.ts';
import { checkDatabase, databaseAccess, requireDatabase } from '../databases/database-access.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { requireProject } from '../projects/project-access.ts';
import type { ProjectRecord } from '../projects/project-record.ts';
import type { User } from '../users/user.ts';
import { parseContext } from './parse-context.ts';

export interface ResolvedContext {
  database: DatabaseRecord;
  /** Set for a project: its tables come first. */
  project: ProjectRecord | null;
  /** Whether the user may change the database itself. */
  canChangeDatabase: boolean;
  /** What follows the database and the user may change, as the policy says: its entities and checks, issues, the analyst's memory. */
  mayChange: { quality: boolean; issues: boolean; memory: boolean };
}

function accessOf(
  user: Actor,
  database: DatabaseRecord,
): Pick<ResolvedContext, 'canChangeDatabase' | 'mayChange'> {
  const subject = databaseSubject(database);
  return {
    canChangeDatabase: databaseAccess(user, database) === 'write',
    mayChange: {
      quality: can(user, 'edit', followingSubject('business_entity', subject)),
      issues: can(user, 'edit', followingSubject('issue', subject)),
      memory: can(user, 'edit', followingSubject('memory', subject)),
    },
  };
}

/**
 * The database or project a `contextId` names, checked against what the user may do with it now
 * (`read` it, or `run`: ask the analyst or send SQL there): access can be lost after it was chosen
 * (a database made private, a project deleted).
 */
export async function resolveContext(
  db: StoreDb,
  user: Pick<User, 'id' | 'role' | 'organizationId'>,
  contextId: string,
  needed: 'read' | 'run' = 'read',
  /** The context's database as the caller just read it (a conversation's): checked, not read again. */
  loaded?: DatabaseRecord,
): Promise<ResolvedContext> {
  const parsed = parseContext(contextId);
  if (parsed.kind === 'database') {
    const database =
      loaded?.id === parsed.id
        ? checkDatabase(user, loaded, needed)
        : await requireDatabase(db, user, parsed.id, needed);
    return { database, project: null, ...accessOf(user, database) };
  }
  const { project, database } = await requireProject(db, user, parsed.id, needed);
  return { database, project, ...accessOf(user, database) };
}
