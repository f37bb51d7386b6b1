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
import { refuseHostFilesUnlessAllowed } from './host-files-guard.ts';
import { refuseOwnStore } from './own-store-guard.ts';

/**
 * The stored secrets a masked field stands for. A test that names a database is about it: only
 * someone who may change it may (a reader could otherwise point the host at their own server and
 * receive the password), whether or not the details use a mask.
 */
async function storedSecrets(
  deps: DatabaseDeps,
  user: User,
  databaseId: string | undefined,
  engine: string,
  incoming: Details,
): Promise<Details | null> {
  if (databaseId === undefined) return null;
  const database = await requireDatabase(deps.db, user, databaseId, 'write');
  if (!Object.values(incoming).includes(SECRET_MASK)) return null;
  if (database.engine !== engine) {
    throw new AppError('BAD_REQUEST', `engine cannot be changed (it is ${database.engine})`, {
      field: 'engine',
    });
  }
  return openDetails(database.details, deps.secrets);
}

/** POST /api/databases/test: connects with the details, runs a trivial query and says what the login may do beyond reading. */
export async function testConnection(
  deps: DatabaseDeps,
  input: { user: User; body: TestConnectionBody },
): Promise<{ ok: true; credential_warning: CredentialWarning | null }> {
  refuseAnonymous(input.user);
  const engine = parseEngine(input.body.engine);
  const incoming = incomingDetails(input.body.details);
  let previous: Details | null;
  try {
    previous = await storedSecrets(deps, input.user, input.body.databaseId, engine, incoming);
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
  const warning = await inspectCredentialPower(deps, engine, details, input.body.safe_mode ?? false);
  return { ok: true, credential_warning: warning };
}
