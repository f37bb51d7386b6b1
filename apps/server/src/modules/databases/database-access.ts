import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { User } from '../users/user.ts';
import type { DatabaseRecord } from './database-record.ts';
import { findDatabaseById, listDatabasesVisibleTo } from './databases.repo.ts';

/** What a user may do with a database: nothing, use it (public ones), or change it. */
export type DatabaseAccess = 'none' | 'read' | 'write';

/**
 * The owner and members of the owner's organization may change a database; anyone may read a
 * public one. Everything else is invisible.
 */
export function databaseAccess(
  user: Pick<User, 'id' | 'organizationId'>,
  database: Pick<DatabaseRecord, 'ownerId' | 'organizationId' | 'isPublic'>,
): DatabaseAccess {
  if (database.ownerId === user.id) return 'write';
  if (user.organizationId !== null && database.organizationId === user.organizationId) return 'write';
  return database.isPublic ? 'read' : 'none';
}

export function databaseNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Database not found');
}

/**
 * Loads a database the user may use (`read`) or change (`write`). One the user may not see is
 * "not found" rather than "forbidden", so ids of other people's databases reveal nothing.
 */
export async function requireDatabase(
  db: StoreDb,
  user: Pick<User, 'id' | 'organizationId'>,
  id: string,
  needed: 'read' | 'write',
): Promise<DatabaseRecord> {
  const database = await findDatabaseById(db, id);
  const access = database ? databaseAccess(user, database) : 'none';
  if (!database || access === 'none') throw databaseNotFound();
  if (needed === 'write' && access !== 'write') {
    throw new AppError(
      'FORBIDDEN',
      'This database is shared read-only: only its owner and their organization can change it',
    );
  }
  return database;
}

/** A database whoever may see it, or null: the caller applies its own rule (a project's, a query's). */
export function findDatabase(db: StoreDb, id: string): Promise<DatabaseRecord | null> {
  return findDatabaseById(db, id);
}

/** Databases the user owns, shares with their organization, and public ones; oldest first. */
export function listVisibleDatabases(
  db: StoreDb,
  user: Pick<User, 'id' | 'organizationId'>,
): Promise<DatabaseRecord[]> {
  return listDatabasesVisibleTo(db, user);
}
