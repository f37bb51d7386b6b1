import type { CredentialWarning, Database, UpdateDatabaseBody } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { Details } from '../../secrets/connection-secrets.ts';
import {
  SECRET_MASK,
  openDetails,
  restoreMaskedSecrets,
  sealDetails,
} from '../../secrets/connection-secrets.ts';
import type { User } from '../users/user.ts';
import { incomingDetails, parseDetails } from './connection-input.ts';
import { refusePublicUnlessAdmin } from './create-database.ts';
import { inspectCredentialPower, requireConfirmedPower } from './credential-power.ts';
import { databaseNotFound, requireDatabase } from './database-access.ts';
import { toUserFacingError } from './database-connections.ts';
import type { DatabaseDeps } from './database-deps.ts';
import type { DatabaseRecord } from './database-record.ts';
import { updateDatabase as updateDatabaseRow } from './databases.repo.ts';
import { dbtChanges } from './dbt-input.ts';
import { followDbtManifest } from './dbt-manifest-follow-up.ts';
import { refuseHostFilesUnlessAllowed } from './host-files-guard.ts';
import { refuseOwnStore } from './own-store-guard.ts';
import { presentDatabase } from './present-database.ts';

/** New details with masks standing for the stored secrets; stored ones are decrypted only if needed. */
function nextDetails(deps: DatabaseDeps, database: DatabaseRecord, sent: Record<string, unknown>): Details {
  const incoming = incomingDetails(sent);
  const usesMask = Object.values(incoming).includes(SECRET_MASK);
  let previous: Details | null;
  try {
    previous = usesMask ? openDetails(database.details, deps.secrets) : null;
  } catch (error) {
    throw toUserFacingError(error);
  }
  const details = parseDetails(database.engine, restoreMaskedSecrets(incoming, previous));
  refuseOwnStore(database.engine, details, deps.store);
  return details;
}

/** PUT /api/databases/{id}: any subset of the fields; the engine is fixed once created. */
export async function updateDatabase(
  deps: DatabaseDeps,
  input: { user: User; databaseId: string; body: UpdateDatabaseBody },
): Promise<Database> {
  const { user, body } = input;
  const database = await requireDatabase(deps.db, user, input.databaseId, 'write');
  if (body.engine !== undefined && body.engine !== database.engine) {
    throw new AppError(
      'BAD_REQUEST',
      `engine cannot be changed (it is ${database.engine}); connect a new database instead`,
      { field: 'engine' },
    );
  }
  const details = body.details === undefined ? undefined : nextDetails(deps, database, body.details);
  if (details !== undefined)
    refuseHostFilesUnlessAllowed(deps, user, database.engine, details, database.details);
  if (body.public !== undefined && body.public !== database.isPublic) refusePublicUnlessAdmin(user, database);
  const dbt = dbtChanges(body, database.dbtSummary);
  const safeMode = body.safe_mode ?? database.safeMode;
  const isPublic = body.public ?? database.isPublic;
  // Asked again only when what the login connects to, or what it is allowed to do there, changed.
  const reinspect = details !== undefined || safeMode !== database.safeMode || isPublic !== database.isPublic;
  // Undefined: not asked again (nothing it depends on changed) or the database could not say.
  let warning: CredentialWarning | null | undefined;
  if (reinspect) {
    let current: Details;
    try {
      current = details ?? openDetails(database.details, deps.secrets);
    } catch (error) {
      throw toUserFacingError(error);
    }
    warning = await inspectCredentialPower(deps, database.engine, current, safeMode);
    requireConfirmedPower({
      hosted: deps.hosted,
      user,
      database,
      sharedWithOthers: isPublic || database.organizationId !== null,
      warning,
      confirmed: body.confirm_powerful_credentials,
    });
  }

  const updated = await updateDatabaseRow(deps.db, database.id, {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(details === undefined ? {} : { details: sealDetails(details, deps.secrets) }),
    ...(body.safe_mode === undefined ? {} : { safeMode: body.safe_mode }),
    ...(body.public === undefined ? {} : { isPublic: body.public }),
    ...(body.statement_timeout_ms === undefined ? {} : { statementTimeoutMs: body.statement_timeout_ms }),
    ...dbt,
    // A new login that could not be asked leaves nothing known about it; the old one's finding no longer holds.
    ...(warning !== undefined
      ? { credentialWarning: warning }
      : details !== undefined
        ? { credentialWarning: null }
        : {}),
  });
  if (!updated) throw databaseNotFound();
  // Connections made with the old details must not serve another query; the schema may differ too.
  if (details !== undefined) await deps.connections.evict(database.id);
  deps.schemaCache.invalidate(database.id);
  // A new manifest (not one kept or removed) may define a semantic layer to propose.
  if (dbt.dbtManifest) {
    await followDbtManifest(deps.dbtManifestFollowUps, {
      database: updated,
      actor: user,
      manifest: body.dbt_manifest,
    });
  }
  return presentDatabase(updated, user);
}
