import type { CreateDatabaseBody, Database } from '@querent/contracts';
import { authorizeKind } from '../access/authorize.ts';
import { kindSubject } from '../access/subject.ts';
import { restoreMaskedSecrets, sealDetails } from '../../secrets/connection-secrets.ts';
import { newId } from '../../store/values.ts';
import type { User } from '../users/user.ts';
import { incomingDetails, parseDetails, parseEngine } from './connection-input.ts';
import { inspectCredentialPower, requireConfirmedPower } from './credential-power.ts';
import type { DatabaseDeps } from './database-deps.ts';
import type { DatabaseRecord } from './database-record.ts';
import { databaseSubject } from './database-subject.ts';
import { insertDatabase } from './databases.repo.ts';
import { dbtChanges } from './dbt-input.ts';
import { followDbtManifest } from './dbt-manifest-follow-up.ts';
import { refuseHostFilesUnlessAllowed } from './host-files-guard.ts';
import { refuseOwnStore } from './own-store-guard.ts';
import { presentDatabase } from './present-database.ts';

/** Connecting databases (and projects, uploads) is for signed-in users; the policy says who. */
export function refuseAnonymous(user: User, kind: 'database' | 'project' | 'upload' = 'database'): void {
  authorizeKind(
    user,
    'create',
    kindSubject(kind),
    'Sign in to connect your own databases; visitors may use the public ones',
  );
}

/** Making data visible to every user is an administrator's decision (the policy's `publish`). */
export function refusePublicUnlessAdmin(user: User, database?: DatabaseRecord): void {
  authorizeKind(
    user,
    'publish',
    database ? databaseSubject(database) : kindSubject('database'),
    'Only administrators can make a database public',
    'public',
  );
}

/** POST /api/databases */
export async function createDatabase(
  deps: DatabaseDeps,
  input: { user: User; body: CreateDatabaseBody },
): Promise<Database> {
  const { user, body } = input;
  refuseAnonymous(user);
  const engine = parseEngine(body.engine);
  // A mask means "the stored secret", and a new database has none.
  const details = parseDetails(engine, restoreMaskedSecrets(incomingDetails(body.details), null));
  refuseOwnStore(engine, details, deps.store);
  refuseHostFilesUnlessAllowed(deps, user, engine, details);
  if (body.public === true) refusePublicUnlessAdmin(user);
  const dbt = dbtChanges(body, { manifest: null, catalog: null });
  const warning = await inspectCredentialPower(deps, engine, details, body.safe_mode ?? false);
  requireConfirmedPower({
    hosted: deps.hosted,
    user,
    sharedWithOthers: body.public === true || user.organizationId !== null,
    warning,
    confirmed: body.confirm_powerful_credentials,
  });

  const database = await insertDatabase(deps.db, {
    id: newId(),
    name: body.name,
    engine,
    details: sealDetails(details, deps.secrets),
    safeMode: body.safe_mode ?? false,
    isPublic: body.public ?? false,
    dbtManifest: dbt.dbtManifest ?? null,
    dbtCatalog: dbt.dbtCatalog ?? null,
    dbtSummary: dbt.dbtSummary ?? { manifest: null, catalog: null },
    statementTimeoutMs: body.statement_timeout_ms ?? null,
    ownerId: user.id,
    organizationId: user.organizationId,
    sharedWithOrganization: true,
    credentialWarning: warning ?? null,
  });
  if (dbt.dbtManifest) {
    await followDbtManifest(deps.dbtManifestFollowUps, {
      database,
      actor: user,
      manifest: body.dbt_manifest,
    });
  }
  return presentDatabase(database, user);
}
