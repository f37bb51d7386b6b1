import type { StoreDb } from '../../store/connect.ts';
import { nowIso } from '../../store/values.ts';
import { insertMessage, type MessageRecord } from './messages.repo.ts';

/** Which running turns are known to be orphaned. */
export type OrphanedTurns =
  /** On start-up: every turn this instance held died with its previous process. */
  | { heldBy: string }
  /** Any instance: a turn whose lease lapsed lost its instance (crash, redeploy, network). */
  | { lapsed: true; conversationId?: string };

export interface OrphanedTurn {
  conversationId: string;
  ownerId: string;
  /** The message that now ends the conversation, saying it was interrupted. */
  message: MessageRecord;
}

function orphanedWhere(scope: OrphanedTurns, now: string) {
  return (db: StoreDb) => {
    let query = db
      .selectFrom('conversations')
      .select(['id', 'owner_id'])
      .where('status', 'in', ['running', 'to_stop']);
    if ('heldBy' in scope) query = query.where('turn_instance', '=', scope.heldBy);
    else {
      query = query.where((eb) =>
        eb.or([eb('turn_expires_at', 'is', null), eb('turn_expires_at', '<', now)]),
      );
      if (scope.conversationId) query = query.where('id', '=', scope.conversationId);
    }
    return query;
  };
}

/**
 * Closes orphaned turns with an error saying so, and a last message saying the same, in one
 * transaction each. The close is a conditional update, so a turn claimed again in between (a
 * fresh lease, another instance) is left alone, and two instances sweeping at once close each
 * turn once; answers the turns this call closed.
 */
export async function closeOrphanedTurns(
  db: StoreDb,
  scope: OrphanedTurns,
  error: string,
): Promise<OrphanedTurn[]> {
  const now = nowIso();
  const select = orphanedWhere(scope, now);
  const candidates = await select(db).execute();
  const closed: OrphanedTurn[] = [];
  for (const candidate of candidates) {
    const message = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('conversations')
        .set({ status: 'error', error, turn_expires_at: null, turn_instance: null, updated_at: now })
        .where('id', '=', candidate.id)
        // Still orphaned now: the same conditions, checked in the same statement as the update.
        .where('id', 'in', select(trx).clearSelect().select('id'))
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return null;
      return insertMessage(trx, { conversationId: candidate.id, role: 'assistant', content: error });
    });
    if (message) closed.push({ conversationId: candidate.id, ownerId: candidate.owner_id, message });
  }
  return closed;
}
