import type { StoreDb } from '../../store/connect.ts';
import { sql } from 'kysely';
import type { UserRole, UserRow } from '../../store/schema.ts';
import { newId, nowIso } from '../../store/values.ts';
import type { User } from './user.ts';

export interface NewUser {
  id?: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  profilePictureUrl?: string | null;
  role: UserRole;
  organizationId?: string | null;
  oidcSubject?: string | null;
  oidcIssuer?: string | null;
  /** When they arrived; now unless given (by the clock the caller judges sessions by). */
  createdAt?: string;
}

/** What a sign-in refreshes from the provider's claims. */
export interface UserProfileChanges {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  profilePictureUrl?: string | null;
  role?: UserRole;
  organizationId?: string | null;
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
    oidcIssuer: row.oidc_issuer,
    deactivatedAt: row.deactivated_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findUserById(db: StoreDb, id: string): Promise<User | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : null;
}

/** The user with this email, compared without case; the first created when several share it. */
export async function findUserByEmail(db: StoreDb, email: string): Promise<User | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .orderBy('created_at')
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function findUserByOidcSubject(db: StoreDb, subject: string): Promise<User | null> {
  const row = await db.selectFrom('users').selectAll().where('oidc_subject', '=', subject).executeTakeFirst();
  return row ? toUser(row) : null;
}

/** The user a provider knows by this subject; null if unknown there (the subject may be another issuer's). */
export async function findUserByOidcIdentity(
  db: StoreDb,
  identity: { issuer: string; subject: string },
): Promise<User | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('oidc_issuer', '=', identity.issuer)
    .where('oidc_subject', '=', identity.subject)
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

/** The earliest user who signed in through a provider, ties broken by id so every instance agrees. */
export async function findFirstOidcUserId(db: StoreDb): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('oidc_subject', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function updateUserProfile(db: StoreDb, id: string, changes: UserProfileChanges): Promise<User> {
  const row = await db
    .updateTable('users')
    .set({
      ...(changes.email === undefined ? {} : { email: changes.email }),
      ...(changes.firstName === undefined ? {} : { first_name: changes.firstName }),
      ...(changes.lastName === undefined ? {} : { last_name: changes.lastName }),
      ...(changes.profilePictureUrl === undefined ? {} : { profile_picture_url: changes.profilePictureUrl }),
      ...(changes.role === undefined ? {} : { role: changes.role }),
      ...(changes.organizationId === undefined ? {} : { organization_id: changes.organizationId }),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/** Deactivates a user (a time) or lets them back in (null). */
export async function setUserDeactivated(
  db: StoreDb,
  id: string,
  deactivatedAt: string | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ deactivated_at: deactivatedAt, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/**
 * An organisation key's identity: a member of the organisation whom nobody signs in as (no
 * provider subject) and whom the people page does not list.
 */
export async function insertServiceAccount(
  db: StoreDb,
  input: { name: string; organizationId: string },
): Promise<User> {
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({
      ...toRow({ role: 'member', firstName: input.name, organizationId: input.organizationId }, newId(), now),
      service_account: true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
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
    oidc_issuer: input.oidcIssuer ?? null,
    created_at: now,
    updated_at: now,
  };
}

export async function insertUser(db: StoreDb, input: NewUser): Promise<User> {
  const row = await db
    .insertInto('users')
    .values(toRow(input, input.id ?? newId(), input.createdAt ?? nowIso()))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/**
 * Creates a user signing in for the first time; null when their subject was stored meanwhile (by
 * another instance finishing the same person's sign-in, or under another issuer).
 */
export async function insertUserUnlessSubjectTaken(db: StoreDb, input: NewUser): Promise<User | null> {
  const row = await db
    .insertInto('users')
    .values(toRow(input, input.id ?? newId(), nowIso()))
    .onConflict((conflict) => conflict.column('oidc_subject').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toUser(row) : null;
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

/** What an administrator's search of people asks for. */
export interface UserSearch {
  /** Words matched anywhere in the email or names, without case. */
  text?: string | undefined;
  organizationId?: string | undefined;
  limit: number;
}

// `%` and `_` typed in a search are letters to find, not wildcards.
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * People (never anonymous visitors, nor organisation keys' service accounts) matching a search, by
 * name then email; `limit + 1` tells there were more.
 */
export async function searchUsers(db: StoreDb, search: UserSearch): Promise<User[]> {
  const text = search.text?.trim() ?? '';
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('role', '!=', 'anonymous')
    .where('service_account', '=', false)
    .$if(search.organizationId !== undefined, (query) =>
      query.where('organization_id', '=', search.organizationId ?? ''),
    )
    .$if(text !== '', (query) =>
      query.where((eb) => {
        const pattern = likePattern(text);
        const matches = (column: 'email' | 'first_name' | 'last_name') =>
          sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
        const full = sql<boolean>`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) like ${pattern} escape '\\'`;
        return eb.or([matches('email'), matches('first_name'), matches('last_name'), full]);
      }),
    )
    .orderBy(sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`)
    .orderBy('email')
    .orderBy('id')
    .limit(search.limit + 1)
    .execute();
  return rows.map(toUser);
}

/** Administrators who may still sign in. */
export async function countActiveAdmins(db: StoreDb): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('role', '=', 'admin')
    .where('deactivated_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Takes the person out of the organisation, if they are still in it (a concurrent move elsewhere
 * wins); the row as it is then, or null when they had left it.
 */
export async function leaveOrganization(
  db: StoreDb,
  userId: string,
  organizationId: string,
): Promise<User | null> {
  const row = await db
    .updateTable('users')
    .set({ organization_id: null, updated_at: nowIso() })
    .where('id', '=', userId)
    .where('organization_id', '=', organizationId)
    .returningAll()
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

/** Everyone who belongs to the organisation, as they are now. */
export async function findMembersOf(db: StoreDb, organizationId: string): Promise<User[]> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
  return rows.map(toUser);
}

/** How many people (never anonymous visitors, nor service accounts) belong to each organisation that has any. */
export async function countMembersByOrganization(db: StoreDb): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('users')
    .select((eb) => ['organization_id', eb.fn.countAll<number | string | bigint>().as('count')])
    .where('organization_id', 'is not', null)
    .where('role', '!=', 'anonymous')
    .where('service_account', '=', false)
    .groupBy('organization_id')
    .execute();
  return new Map(rows.map((row) => [row.organization_id ?? '', Number(row.count)]));
}

/**
 * Removes anonymous visitors who arrived before `before`, with everything they made (their
 * sessions, conversations and queries go with them by the foreign keys); answers how many.
 */
export async function deleteAnonymousUsersCreatedBefore(db: StoreDb, before: string): Promise<number> {
  const result = await db
    .deleteFrom('users')
    .where('role', '=', 'anonymous')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
