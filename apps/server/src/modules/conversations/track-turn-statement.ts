import type { FastifyBaseLogger } from 'fastify';
import type { StoreDb } from '../../store/connect.ts';
import { forgetTurnStatement, recordTurnStatement } from './turn-statements.repo.ts';

export interface TrackTurnStatementDeps {
  db: StoreDb;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Runs one of a turn's statements while the store knows which session of the user's database
 * runs it (engines that name it: MySQL), so that if this process dies the instance closing the
 * turn can stop it there. Forgotten once the run ends. Failing to record only loses that
 * rescue: the run goes on, under the database's own time limit as before.
 */
export async function trackTurnStatement<T>(
  deps: TrackTurnStatementDeps,
  input: { conversationId: string; databaseId: string },
  run: (onServerSession: (sessionId: string) => Promise<void>) => Promise<T>,
): Promise<T> {
  const recorded: string[] = [];
  const onServerSession = async (serverSession: string): Promise<void> => {
    try {
      recorded.push(await recordTurnStatement(deps.db, { ...input, serverSession }));
    } catch (error) {
      deps.log.error({ err: error, ...input }, 'Could not record the session running SQL of a turn');
    }
  };
  try {
    return await run(onServerSession);
  } finally {
    for (const id of recorded.splice(0)) {
      await forgetTurnStatement(deps.db, id).catch((error: unknown) =>
        deps.log.error({ err: error, ...input }, 'Could not forget the session of finished SQL of a turn'),
      );
    }
  }
}
