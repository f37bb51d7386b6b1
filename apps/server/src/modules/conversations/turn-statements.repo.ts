import type { StoreDb } from '../../store/connect.ts';
import { newId, nowIso } from '../../store/values.ts';

/** SQL a turn is running on a user's database, named by the database's id of its session. */
export interface TurnStatement {
  id: string;
  databaseId: string;
  serverSession: string;
}

export async function recordTurnStatement(
  db: StoreDb,
  input: { conversationId: string; databaseId: string; serverSession: string },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('turn_statements')
    .values({
      id,
      conversation_id: input.conversationId,
      database_id: input.databaseId,
      server_session: input.serverSession,
      started_at: nowIso(),
    })
    .execute();
  return id;
}

export async function forgetTurnStatement(db: StoreDb, id: string): Promise<void> {
  await db.deleteFrom('turn_statements').where('id', '=', id).execute();
}

/** The statements a conversation's turn left running, removed from the store as they are read. */
export async function takeTurnStatements(db: StoreDb, conversationId: string): Promise<TurnStatement[]> {
  const rows = await db
    .deleteFrom('turn_statements')
    .where('conversation_id', '=', conversationId)
    .returning(['id', 'database_id', 'server_session'])
    .execute();
  return rows.map((row) => ({ id: row.id, databaseId: row.database_id, serverSession: row.server_session }));
}
