import type { Connector } from '../../connectors/index.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { DatabaseConnections } from './database-connections.ts';
import { findDatabaseById } from './databases.repo.ts';

/**
 * The pooled connector of a saved database found by id, for work the server does on its own
 * (stopping the SQL an interrupted turn left running), not for a user: no access check. Null
 * when the database was deleted since.
 */
export async function connectorById(
  deps: { db: StoreDb; connections: Pick<DatabaseConnections, 'forDatabase'> },
  databaseId: string,
): Promise<Connector | null> {
  const database = await findDatabaseById(deps.db, databaseId);
  return database ? deps.connections.forDatabase(database) : null;
}
