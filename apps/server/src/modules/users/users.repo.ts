import type { StoreDb } from '../../store/connect.ts';
import type { UserRole, UserRow } from '../../store/schema.ts';
import { newId, nowIso } from '../../store/values.ts';

export interface User {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profilePictureUrl: string | null;
  role: UserRole;
  organizationId: string | null;
  oidcSubject: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewUser {
  id?: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  profilePictureUrl?: string | null;
  role: UserRole;
  organizationId?: string | null;
  oidcSubject?: string | null;
}

function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    profilePictureUrl: row.profile_picture_url,
    role: row.role,
    organizationId: row.organization_id,
    oidcSubject: row.oidc_subject,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findUserById(db: StoreDb, id: string): Promise<User | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function findUserByOidcSubject(db: StoreDb, subject: string): Promise<User | null> {
  const row = await db.selectFrom('users').selectAll().where('oidc_subject', '=', subject).executeTakeFirst();
  return row ? toUser(row) : null;
}

function toRow(input: NewUser, id: string, now: string) {
  return {
    id,
    email: input.email ?? null,
    first_name: input.firstName ?? null,
    last_name: input.lastName ?? null,
    profile_picture_url: input.profilePictureUrl ?? null,
    role: input.role,
    organization_id: input.organizationId ?? null,
    oidc_subject: input.oidcSubject ?? null,
    created_at: now,
    updated_at: now,
  };
}

export async function insertUser(db: StoreDb, input: NewUser): Promise<User> {
  const row = await db
    .insertInto('users')
    .values(toRow(input, input.id ?? newId(), nowIso()))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/**
 * Creates the user unless one with this id exists, and returns the stored row either way.
 * Concurrent boots of several instances race here, hence the conflict clause over a pre-check.
 */
export async function ensureUser(db: StoreDb, input: NewUser & { id: string }): Promise<User> {
  await db
    .insertInto('users')
    .values(toRow(input, input.id, nowIso()))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const user = await findUserById(db, input.id);
  if (!user) throw new Error(`User ${input.id} vanished right after being ensured`);
  return user;
}
