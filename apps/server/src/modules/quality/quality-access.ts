import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { BusinessEntityRecord } from '../business-entities/entity-record.ts';
import { findEntity } from '../business-entities/entity-operations.ts';
import { resolveContext } from '../context/resolve-context.ts';
import type { Action } from '../access/access-words.ts';
import { authorize } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import { followingSubject } from '../access/subject.ts';
import { findDatabase } from '../databases/database-access.ts';
import { databaseSubject } from '../databases/database-subject.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { User } from '../users/user.ts';
import type { QualityCheckRecord } from './checks/check-record.ts';
import { findCheckById } from './checks/checks.repo.ts';

/*
 * Business entities and their checks follow their database's access, as issues do: invisible
 * (404) to whoever may not read the database, read-only (403 on a change) to those who may only
 * use it. Every quality use case asks here, so the rule has one place.
 */

export function entityNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Business entity not found');
}

export function checkNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Check not found');
}

async function databaseOf(
  db: StoreDb,
  user: Actor,
  databaseId: string,
  needed: Action | 'write',
  notFound: () => AppError,
): Promise<DatabaseRecord> {
  const database = await findDatabase(db, databaseId);
  if (!database) throw notFound();
  authorize(
    user,
    needed === 'write' ? 'edit' : needed,
    followingSubject('business_entity', databaseSubject(database)),
    {
      notFound,
      forbidden: () =>
        new AppError(
          'FORBIDDEN',
          'This database is shared read-only: its data quality cannot be changed here',
        ),
    },
  );
  return database;
}

export async function requireEntity(
  db: StoreDb,
  user: Pick<User, 'id' | 'role' | 'organizationId'>,
  entityId: string,
  needed: Action | 'write',
): Promise<{ entity: BusinessEntityRecord; database: DatabaseRecord }> {
  const entity = await findEntity(db, entityId);
  if (!entity) throw entityNotFound();
  const database = await databaseOf(db, user, entity.databaseId, needed, entityNotFound);
  return { entity, database };
}

export async function requireCheck(
  db: StoreDb,
  user: Pick<User, 'id' | 'role' | 'organizationId'>,
  checkId: string,
  needed: Action | 'write',
): Promise<{ check: QualityCheckRecord; entity: BusinessEntityRecord; database: DatabaseRecord }> {
  const check = await findCheckById(db, checkId);
  if (!check) throw checkNotFound();
  const database = await databaseOf(db, user, check.databaseId, needed, checkNotFound);
  const entity = await findEntity(db, check.entityId);
  if (!entity) throw checkNotFound();
  return { check, entity, database };
}

/**
 * The database a context names, for reading its quality (any visitor) or changing it (running
 * checks, scheduling them: its owner and their organization).
 */
export async function requireContextDatabase(
  db: StoreDb,
  user: Pick<User, 'id' | 'role' | 'organizationId'>,
  contextId: string,
  needed: Action | 'write',
): Promise<DatabaseRecord> {
  const { database } = await resolveContext(db, user, contextId);
  return needed === 'read'
    ? database
    : databaseOf(db, user, database.id, needed, () => new AppError('NOT_FOUND', 'Database not found'));
}
