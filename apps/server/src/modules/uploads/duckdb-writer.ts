import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { loadDuckdb } from '../../connectors/duckdb/driver.ts';
import { AppError } from '../../errors.ts';
import { isLockError, rawDuckdbMessage } from './duckdb-message.ts';

/**
 * Opens a DuckDB file for writing (creating it when missing), runs `work`, and closes it again so
 * the file is free for the connector pool. Uploads run with the server's own file access, which
 * the pooled connectors of user SQL never have.
 */
export async function withDuckdbFile<T>(
  file: string,
  label: string,
  work: (connection: DuckDBConnection) => Promise<T>,
): Promise<T> {
  const duckdb = await loadDuckdb();
  let instance: DuckDBInstance;
  try {
    instance = await duckdb.DuckDBInstance.create(file);
  } catch (error) {
    if (isLockError(error)) {
      throw new AppError('CONFLICT', `${label} is in use by another process; try again in a moment`, {
        cause: error,
      });
    }
    throw new Error(`Cannot open ${file}: ${rawDuckdbMessage(error)}`, { cause: error });
  }
  try {
    const connection = await instance.connect();
    try {
      return await work(connection);
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}
