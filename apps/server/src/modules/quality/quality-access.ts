import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { BusinessEntityRecord } from '../business-entities/entity-record.ts';
import { findEntity } from '../business-entities/entity-operations.ts';
import { resolveContext } from '../context/resolve-context.ts';
import { requireDatabase } from '../databases/database-access.ts';
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
  user: Pick<User, 'id' | 'role' | 'organizationId'>,
  databaseId: string,
  needed: 'read' | 'write',
  notFound: () => AppError,
): Promise<DatabaseRecord> {
  return requireDatabase(db, user, databaseId, needed).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw notFound();
    throw error;
  });
}

export async function requireEntity(
  db: StoreDb,
  user: Pick<User, 'id' | 'role' | 'organizationId'>,
  entityId: string,
  needed: 'read' | 'write',
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
  needed: 'read' | 'write',
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
  needed: 'read' | 'write',
): Promise<DatabaseRecord> {
  const { database } = await resolveContext(db, user, contextId);
  return needed === 'read' ? database : requireDatabase(db, user, database.id, 'write');
}
