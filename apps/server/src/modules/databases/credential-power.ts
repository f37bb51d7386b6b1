import type { CredentialWarning, Engine } from '@querent/contracts';
import type { Connector } from '../../connectors/index.ts';
import { AppError } from '../../errors.ts';
import type { Details } from '../../secrets/connection-secrets.ts';
import { authorizeKind } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import { kindSubject } from '../access/subject.ts';
import type { DatabaseDeps } from './database-deps.ts';
import type { DatabaseRecord } from './database-record.ts';
import { databaseSubject } from './database-subject.ts';

/**
 * What the login of a connection may do beyond reading, asked of the database itself; null when
 * nothing or when the engine cannot say; undefined when it could not be asked (unreachable:
 * testing the connection says why). Stored with the database (`credential_warning`) and asked
 * again at each test and at each save that changes the login or what it is allowed to do.
 */
export async function inspectCredentialPower(
  deps: Pick<DatabaseDeps, 'connections'>,
  engine: Engine,
  details: Details,
  safeMode: boolean,
): Promise<CredentialWarning | null | undefined> {
  let connector: Connector;
  try {
    connector = deps.connections.createUnpooled(engine, details);
  } catch {
    return undefined;
  }
  try {
    if (!connector.inspectCredentials) return null;
    return await connector.inspectCredentials(safeMode);
  } catch {
    return undefined;
  } finally {
    await connector.close().catch(() => undefined);
  }
}

/**
 * In hosted mode a database other people use (public, or shared with an organisation) must not
 * run quietly with a login that can do more than read: someone the policy lets
 * `confirm_credentials` (an administrator) confirms it explicitly.
 */
export function requireConfirmedPower(input: {
  hosted: boolean;
  user: Actor;
  /** The database being changed; absent for a new one (then asked of the kind). */
  database?: DatabaseRecord;
  sharedWithOthers: boolean;
  warning: CredentialWarning | null | undefined;
  confirmed: boolean | undefined;
}): void {
  const { warning } = input;
  if (!input.hosted || !input.sharedWithOthers || !warning) return;
  const found = warning.found.join('; ');
  if (input.confirmed !== true) {
    throw new AppError(
      'BAD_REQUEST',
      `This login can do more than read (${found}). Connect with a read-only login, or have an administrator confirm it with confirm_powerful_credentials.`,
      { field: 'confirm_powerful_credentials' },
    );
  }
  authorizeKind(
    input.user,
    'confirm_credentials',
    input.database ? databaseSubject(input.database) : kindSubject('database'),
    'Only administrators can confirm a login that can do more than read',
    'confirm_powerful_credentials',
  );
}
