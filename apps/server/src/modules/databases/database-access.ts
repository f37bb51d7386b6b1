import type { Action } from '../access/access-words.ts';
import { authorize } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import { can } from '../access/can.ts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { DatabaseRecord } from './database-record.ts';
import { databaseSubject } from './database-subject.ts';
import { findDatabaseById, listDatabasesVisibleTo } from './databases.repo.ts';

/** What a user may do with a database, in short: nothing, use it, or change it. */
export type DatabaseAccess = 'none' | 'read' | 'write';

/** The policy's answer for a database, in short (presenters and the context use it). */
export function databaseAccess(
  actor: Actor,
  database: Pick<DatabaseRecord, 'ownerId' | 'organizationId' | 'isPublic' | 'sharedWithOrganization'>,
): DatabaseAccess {
  const subject = databaseSubject(database);
  if (!can(actor, 'read', subject)) return 'none';
  return can(actor, 'edit', subject) ? 'write' : 'read';
}

export function databaseNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Database not found');
}

/**
 * The database as the actor may use it: in safe mode for whoever may not change its data (a
 * public database's visitors), so every path that runs SQL (editor, chat, analyst) reads it
 * read-only without a rule of its own.
 */
export function databaseSeenBy(actor: Actor, database: DatabaseRecord): DatabaseRecord {
  if (database.safeMode || can(actor, 'write_data', databaseSubject(database))) return database;
  return { ...database, safeMode: true };
}

/**
 * Loads a database the actor may act on as asked (`write` is `edit`). One the actor may not see
 * is "not found" rather than "forbidden", so ids of other people's databases reveal nothing.
 */
export async function requireDatabase(
  db: StoreDb,
  actor: Actor,
  id: string,
  needed: Action | 'write',
): Promise<DatabaseRecord> {
  const database = await findDatabaseById(db, id);
  if (!database) throw databaseNotFound();
  return checkDatabase(actor, database, needed);
}

/** requireDatabase's check of a database the caller has already read (a conversation's, say). */
export function checkDatabase(
  actor: Actor,
  database: DatabaseRecord,
  needed: Action | 'write',
): DatabaseRecord {
  authorize(actor, needed === 'write' ? 'edit' : needed, databaseSubject(database), {
    notFound: databaseNotFound,
    forbidden: (action) =>
      new AppError(
        'FORBIDDEN',
        action === 'edit' || action === 'delete'
          ? 'This database is shared read-only: only its owner and administrators can change it'
          : `You may not ${action === 'share' ? 'share' : 'use'} this database`,
      ),
  });
  return databaseSeenBy(actor, database);
}

/** A database whoever may see it, or null: the caller applies its own rule (a project's, a query's). */
export function findDatabase(db: StoreDb, id: string): Promise<DatabaseRecord | null> {
  return findDatabaseById(db, id);
}

/** Databases the actor may see (the policy's list condition); oldest first. */
export function listVisibleDatabases(db: StoreDb, actor: Actor): Promise<DatabaseRecord[]> {
  return listDatabasesVisibleTo(db, actor);
}
