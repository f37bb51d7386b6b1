import type { Engine } from '@querent/contracts';
import type { EngineEndpoints } from '../../config/settings/endpoints.ts';
import type { Connector, ConnectorOptions } from '../../connectors/index.ts';
import { ConnectorPool, checkConnectors, createConnector, isConnectorError } from '../../connectors/index.ts';
import { AppError } from '../../errors.ts';
import type { Details } from '../../secrets/connection-secrets.ts';
import { openDetails } from '../../secrets/connection-secrets.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { SecretDecryptionError } from '../../secrets/secret-box.ts';
import type { DatabaseRecord } from './database-record.ts';

/**
 * Connectors for saved databases, pooled per database, with their secrets decrypted only here,
 * at the moment of connecting.
 */
export interface DatabaseConnections {
  /** The pooled connector of a saved database; its connections open on first use. */
  forDatabase(database: Pick<DatabaseRecord, 'id' | 'engine' | 'details'>): Connector;
  /** A connector outside the pool, for details not saved yet; the caller closes it. */
  createUnpooled(engine: Engine, details: Details): Connector;
  /** Closes a database's connections; after a change or a delete. */
  evict(id: string): Promise<void>;
  closeAll(): Promise<void>;
}

/** Failures of connecting or of the user's SQL are answers for the user, not server faults. */
export function toUserFacingError(error: unknown): unknown {
  if (isConnectorError(error)) return new AppError('BAD_REQUEST', error.message, { cause: error });
  if (error instanceof SecretDecryptionError) {
    return new AppError('BAD_REQUEST', error.message, { cause: error });
  }
  return error;
}

function guarded<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    throw toUserFacingError(error);
  }
}

export function createDatabaseConnections(deps: {
  secrets: SecretBox;
  options?: ConnectorOptions;
  /** The operator's Snowflake and BigQuery addresses: every connector made here gets them. */
  endpoints?: EngineEndpoints;
}): DatabaseConnections {
  // The connectors' boot check: a connector missing part of the contract stops the app here,
  // not at a user's first query.
  checkConnectors();
  const options: ConnectorOptions = { ...deps.options, ...deps.endpoints };
  const pool = new ConnectorPool(createConnector, options);
  return {
    forDatabase: (database) =>
      guarded(() => pool.get(database.id, database.engine, openDetails(database.details, deps.secrets))),
    createUnpooled: (engine, details) => guarded(() => createConnector(engine, details, options)),
    evict: (id) => pool.evict(id),
    closeAll: () => pool.closeAll(),
  };
}
