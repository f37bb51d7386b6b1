import type { FastifyBaseLogger } from 'fastify';
import type { StoreDb } from '../../store/connect.ts';
import type { DatabaseConnections } from '../databases/database-connections.ts';
import { connectorById } from '../databases/connector-by-id.ts';
import { takeTurnStatements } from './turn-statements.repo.ts';

export interface StopOrphanedStatementsDeps {
  db: StoreDb;
  log: Pick<FastifyBaseLogger, 'warn'>;
  connections: Pick<DatabaseConnections, 'forDatabase'>;
}

/**
 * Stops in the user's database the SQL an interrupted turn was running when its instance died.
 * PostgreSQL notices the lost client by itself (client_connection_check_interval); MySQL and
 * MariaDB keep running a long statement, so it is killed from here, through a fresh connection.
 * Failures are logged: the statement's own time limit still ends it. Answers how many it stopped.
 */
export async function stopOrphanedStatements(
  deps: StopOrphanedStatementsDeps,
  conversationId: string,
): Promise<number> {
  let stopped = 0;
  for (const statement of await takeTurnStatements(deps.db, conversationId)) {
    try {
      const connector = await connectorById(deps, statement.databaseId);
      if (!connector?.stopOrphanedStatement) continue;
      await connector.stopOrphanedStatement(statement.serverSession);
      stopped += 1;
    } catch (error) {
      deps.log.warn(
        { err: error, conversationId, databaseId: statement.databaseId },
        'Could not stop the SQL of an interrupted turn',
      );
    }
  }
  return stopped;
}
