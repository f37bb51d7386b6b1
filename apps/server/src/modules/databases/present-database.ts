import type { Database } from '@querent/contracts';
import { maskDetails } from '../../secrets/connection-secrets.ts';
import type { Actor } from '../access/can.ts';
import { objectAbilities } from '../access/can.ts';
import type { DatabaseRecord } from './database-record.ts';
import { databaseSubject } from './database-subject.ts';

/**
 * The wire shape of a database, its field names fixed: secrets masked, dbt files summarised, and
 * what the asking user may do with it.
 */
export function presentDatabase(database: DatabaseRecord, actor: Actor): Database {
  const abilities = objectAbilities(actor, databaseSubject(database));
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
    editable: abilities.edit,
    abilities,
    shared: database.sharedWithOrganization,
    credential_warning: database.credentialWarning,
  };
}
