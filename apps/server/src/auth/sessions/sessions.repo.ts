import type { StoreDb } from '../../store/connect.ts';
import type { Selectable } from 'kysely';
import type { SessionsTable } from '../../store/schema.ts';

export interface SessionRecord {
  id: string;
  userId: string;
  idToken: string | null;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  idleExpiresAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

function toRecord(row: Selectable<SessionsTable>): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    idToken: row.id_token,
    userAgent: row.user_agent,
    ip: row.ip,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    idleExpiresAt: row.idle_expires_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

export async function insertSession(db: StoreDb, session: Omit<SessionRecord, 'revokedAt'>): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      id_token: session.idToken,
      user_agent: session.userAgent,
      ip: session.ip,
      created_at: session.createdAt,
      last_seen_at: session.lastSeenAt,
      idle_expires_at: session.idleExpiresAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

export async function findSession(db: StoreDb, id: string): Promise<SessionRecord | null> {
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Records a use; skipped when another request (or instance) already did since `seenBefore`. */
export async function touchSession(
  db: StoreDb,
  id: string,
  touch: { lastSeenAt: string; idleExpiresAt: string; seenBefore: string },
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: touch.lastSeenAt, idle_expires_at: touch.idleExpiresAt })
    .where('id', '=', id)
    .where('last_seen_at', '<', touch.seenBefore)
    .execute();
}

/** Revokes one of a user's live sessions; the record as it was, or null if there was none to revoke. */
export async function revokeSessionById(
  db: StoreDb,
  id: string,
  revoke: { userId?: string; at: string },
): Promise<SessionRecord | null> {
  const row = await db
    .updateTable('sessions')
    .set({ revoked_at: revoke.at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .$if(revoke.userId !== undefined, (query) => query.where('user_id', '=', revoke.userId ?? ''))
    .returningAll()
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Revokes every live session of a user, but `exceptId`; answers how many. */
export async function revokeUserSessions(
  db: StoreDb,
  userId: string,
  revoke: { at: string; exceptId?: string | undefined },
): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: revoke.at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .$if(revoke.exceptId !== undefined, (query) => query.where('id', '!=', revoke.exceptId ?? ''))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A user's sessions still in force at `now`, most recently used first. */
export async function listLiveSessions(db: StoreDb, userId: string, now: string): Promise<SessionRecord[]> {
  const rows = await db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('idle_expires_at', '>', now)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/** Forgets a user's sessions that are over (expired or revoked), which serve nothing any more. */
export async function deleteEndedSessions(db: StoreDb, userId: string, now: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('revoked_at', 'is not', null),
        eb('idle_expires_at', '<=', now),
        eb('expires_at', '<=', now),
      ]),
    )
    .execute();
}

/**
 * Which of these sessions are still in force at `now` with their user active: the others (revoked,
 * expired, or their user deactivated) must lose what hangs on them, such as live sockets.
 */
export async function selectLiveSessionIds(
  db: StoreDb,
  ids: readonly string[],
  now: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('sessions.id', 'in', ids)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.idle_expires_at', '>', now)
    .where('sessions.expires_at', '>', now)
    .where('users.deactivated_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}
