import type { Database } from '@querent/contracts';
import { maskDetails } from '../../secrets/connection-secrets.ts';
import type { DatabaseAccess } from './database-access.ts';
import type { DatabaseRecord } from './database-record.ts';

/** The wire shape of a database, its field names fixed: secrets masked, dbt files summarised. */
export function presentDatabase(database: DatabaseRecord, access: DatabaseAccess): Database {
  return {
    id: database.id,
    createdAt: database.createdAt,
    updatedAt: database.updatedAt,
    name: database.name,
    engine: database.engine,
    details: maskDetails(database.details),
    safe_mode: database.safeMode,
    public: database.isPublic,
    dbt_catalog: database.dbtSummary.catalog,
    dbt_manifest: database.dbtSummary.manifest,
    statement_timeout_ms: database.statementTimeoutMs,
    editable: access === 'write',
  };
}
