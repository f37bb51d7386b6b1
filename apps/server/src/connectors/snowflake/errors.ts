import {
  ConnectorError,
  driverErrorFields,
  missingDatabaseError,
  networkError,
  sqlError,
  timeoutError,
} from '../connector-error.ts';
import type { QueryControl } from '../query-control.ts';

/**
 * Snowflake's failures in words a user can act on. The driver reports server answers with
 * Snowflake's own code as a string ('390100'), and its own failures with numbers (401001: the
 * request never got an answer, with the socket error as `cause`).
 */

/** Who is connecting where, for the messages. */
export interface SnowflakeTarget {
  account: string;
  user: string;
  database: string;
  host: string;
  port: number | string;
  keyPair: boolean;
}

const authCodes = new Set(['390100', '390101', '390102', '390144', '390186', '390190', '390191', '394300']);

export function snowflakeConnectionError(error: unknown, target: SnowflakeTarget): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const { message } = driverErrorFields(error);
  const fields = error as {
    name?: unknown;
    code?: unknown;
    cause?: unknown;
    response?: { status?: unknown };
  };
  const code = typeof fields.code === 'string' ? fields.code : null;
  if ((code && authCodes.has(code)) || isKeyProblem(message)) {
    const check = target.keyPair
      ? 'check the user name, the private key and its passphrase, and that its public key is set on the user'
      : 'check the user name and password';
    return new ConnectorError(
      'auth',
      `Authentication failed for user ${target.user} — ${check} (${message})`,
      {
        cause: error,
        code,
      },
    );
  }
  if (code === '390201') return missingDatabaseError(target.database, error);
  if (fields.name === 'NetworkError') {
    const network = networkError(fields.cause ?? error, target.host, target.port);
    if (network) return network;
  }
  if (/timed out/i.test(message)) {
    return new ConnectorError(
      'timeout',
      `Connection to Snowflake account ${target.account} timed out — check the account identifier and any firewall in between (${message})`,
      { cause: error },
    );
  }
  if (/account/i.test(message) || fields.name === 'RequestFailedError') {
    return new ConnectorError(
      'unreachable',
      `Cannot reach Snowflake account ${target.account} at ${target.host} — check the account identifier (${message})`,
      { cause: error, code },
    );
  }
  return new ConnectorError(
    'unreachable',
    `Cannot connect to Snowflake account ${target.account} (${message})`,
    {
      cause: error,
      code,
    },
  );
}

/** A failing statement: our stop, Snowflake's own time limit, a lost connection, or the user's SQL. */
export function snowflakeStatementError(
  error: unknown,
  control: QueryControl,
  target: SnowflakeTarget,
): ConnectorError {
  if (error instanceof ConnectorError) return error;
  if (control.reason) return control.error(error);
  const fields = error as { name?: unknown; code?: unknown; cause?: unknown };
  // 000630: STATEMENT_TIMEOUT_IN_SECONDS reached; the server stopped the statement itself.
  if (fields.code === '000630') return timeoutError(control.timeoutMs, error, true);
  if (fields.name === 'NetworkError') {
    const network = networkError(fields.cause ?? error, target.host, target.port);
    if (network) return network;
  }
  return sqlError(error);
}

function isKeyProblem(message: string): boolean {
  return /private key|bad decrypt|PEM|DECODER routines|passphrase/i.test(message);
}
