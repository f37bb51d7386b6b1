import type { CredentialWarning, TestConnectionBody } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { Details } from '../../secrets/connection-secrets.ts';
import { SECRET_MASK, openDetails, restoreMaskedSecrets } from '../../secrets/connection-secrets.ts';
import type { User } from '../users/user.ts';
import { incomingDetails, parseDetails, parseEngine } from './connection-input.ts';
import { refuseAnonymous } from './create-database.ts';
import { inspectCredentialPower } from './credential-power.ts';
import { requireDatabase } from './database-access.ts';
import { toUserFacingError } from './database-connections.ts';
import type { DatabaseDeps } from './database-deps.ts';
import type { DatabaseRecord } from './database-record.ts';
import { setCredentialWarning } from './databases.repo.ts';
import { refuseHostFilesUnlessAllowed } from './host-files-guard.ts';
import { refuseOwnStore } from './own-store-guard.ts';

/**
 * The stored secrets a masked field stands for. A test that names a database is about it: only
 * someone who may change it may (a reader could otherwise point the host at their own server and
 * receive the password), whether or not the details use a mask.
 */
function storedSecrets(
  deps: DatabaseDeps,
  database: DatabaseRecord | null,
  engine: string,
  incoming: Details,
) {
  if (database === null || !Object.values(incoming).includes(SECRET_MASK)) return null;
  if (database.engine !== engine) {
    throw new AppError('BAD_REQUEST', `engine cannot be changed (it is ${database.engine})`, {
      field: 'engine',
    });
  }
  return openDetails(database.details, deps.secrets);
}

/** Details compared by value: the same fields with the same values, in any order. */
function sameDetails(a: Details, b: Details): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}

/**
 * A test of the database as it is stored (same login, same safe mode) refreshes the finding kept
 * with it, so grants changed on the server since the last save show on its page. A test of
 * details not saved yet says its finding and keeps nothing.
 */
async function keepFindingIfStored(
  deps: DatabaseDeps,
  database: DatabaseRecord | null,
  tested: { details: Details; safeMode: boolean },
  warning: CredentialWarning | null | undefined,
): Promise<void> {
  if (database === null || warning === undefined || tested.safeMode !== database.safeMode) return;
  let stored: Details;
  try {
    stored = openDetails(database.details, deps.secrets);
  } catch {
    return;
  }
  if (sameDetails(stored, tested.details)) await setCredentialWarning(deps.db, database.id, warning);
}

/** POST /api/databases/test: connects with the details, runs a trivial query and says what the login may do beyond reading. */
export async function testConnection(
  deps: DatabaseDeps,
  input: { user: User; body: TestConnectionBody },
): Promise<{ ok: true; credential_warning: CredentialWarning | null }> {
  refuseAnonymous(input.user);
  const engine = parseEngine(input.body.engine);
  const incoming = incomingDetails(input.body.details);
  const { databaseId } = input.body;
  const database =
    databaseId === undefined ? null : await requireDatabase(deps.db, input.user, databaseId, 'write');
  let previous: Details | null;
  try {
    previous = storedSecrets(deps, database, engine, incoming);
  } catch (error) {
    throw toUserFacingError(error);
  }
  const details = parseDetails(engine, restoreMaskedSecrets(incoming, previous));
  refuseOwnStore(engine, details, deps.store);
  refuseHostFilesUnlessAllowed(deps, input.user, engine, details);

  const connector = deps.connections.createUnpooled(engine, details);
  try {
    await connector.test();
  } catch (error) {
    throw toUserFacingError(error);
  } finally {
    await connector.close().catch(() => undefined);
  }
  const safeMode = input.body.safe_mode ?? false;
  const warning = await inspectCredentialPower(deps, engine, details, safeMode);
  await keepFindingIfStored(deps, database, { details, safeMode }, warning);
  return { ok: true, credential_warning: warning ?? null };
}
