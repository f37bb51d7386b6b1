/**
 * Why a connector call failed. Connection kinds tell the user what to fix; `sql` is the user's own
 * statement failing, whose message is the database's, unchanged, because it is shown as-is and fed
 * back to the agent.
 */
export type ConnectorErrorKind =
  | 'unreachable'
  | 'auth'
  | 'missing_database'
  | 'timeout'
  | 'cancelled'
  | 'read_only'
  | 'sql'
  | 'unsupported';

export class ConnectorError extends Error {
  readonly kind: ConnectorErrorKind;
  /** The driver's own code (SQLSTATE, errno name…), kept for logs and tests. */
  readonly code: string | null;

  constructor(
    kind: ConnectorErrorKind,
    message: string,
    options?: { cause?: unknown; code?: string | null },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ConnectorError';
    this.kind = kind;
    this.code = options?.code ?? null;
  }
}

export function isConnectorError(error: unknown): error is ConnectorError {
  return error instanceof ConnectorError;
}

/** The fields drivers put on their errors; all optional because each driver sets a different few. */
export interface DriverErrorFields {
  message: string;
  code: string | null;
  errno: number | null;
  sqlState: string | null;
}

export function driverErrorFields(error: unknown): DriverErrorFields {
  if (!(error instanceof Error)) return { message: String(error), code: null, errno: null, sqlState: null };
  const record = error as Error & Record<string, unknown>;
  const code = typeof record.code === 'string' ? record.code : null;
  const errno = typeof record.errno === 'number' ? record.errno : null;
  const sqlState = typeof record.sqlState === 'string' ? record.sqlState : null;
  // AggregateError (happy-eyeballs connects) carries the useful message on its members.
  const message = error.message || firstAggregateMessage(error) || error.name;
  return { message, code, errno, sqlState };
}

function firstAggregateMessage(error: Error): string | null {
  if (!(error instanceof AggregateError)) return null;
  const first: unknown = error.errors[0];
  return first instanceof Error ? first.message : null;
}

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EPIPE',
  'EADDRNOTAVAIL',
  'PROTOCOL_CONNECTION_LOST',
]);
const lookupCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME']);

/**
 * Maps a socket-level failure (shared by every network driver) to a user-actionable error, or
 * returns null when the error is not about the network.
 */
export function networkError(error: unknown, host: string, port: number | string): ConnectorError | null {
  const { message, code } = driverErrorFields(error);
  const where = `${host}:${port}`;
  if (code && lookupCodes.has(code)) {
    return new ConnectorError('unreachable', `Cannot find host ${host} — check the host name (${message})`, {
      cause: error,
      code,
    });
  }
  if (code && networkCodes.has(code)) {
    return new ConnectorError(
      'unreachable',
      `Cannot reach ${where} — is the server running and the port right? (${message})`,
      { cause: error, code },
    );
  }
  // Database errors carry their own code; only a code-less driver message about time is a connect timeout.
  if (code === 'ETIMEDOUT' || (code === null && /timeout|timed out/i.test(message))) {
    return new ConnectorError(
      'timeout',
      `Connection to ${where} timed out — check the host, the port and any firewall in between (${message})`,
      { cause: error, code },
    );
  }
  return null;
}

export function authError(user: string, error: unknown): ConnectorError {
  const { message, code, sqlState } = driverErrorFields(error);
  return new ConnectorError(
    'auth',
    `Authentication failed for user ${user} — check the user name and password (${message})`,
    { cause: error, code: sqlState ?? code },
  );
}

export function missingDatabaseError(database: string, error: unknown): ConnectorError {
  const { message, code, sqlState } = driverErrorFields(error);
  return new ConnectorError('missing_database', `Database ${database} does not exist (${message})`, {
    cause: error,
    code: sqlState ?? code,
  });
}

/** The user's statement failed: the database's message, unchanged. */
export function sqlError(error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const { message, code, sqlState } = driverErrorFields(error);
  return new ConnectorError('sql', message, { cause: error, code: sqlState ?? code });
}

export function readOnlyError(reason: string): ConnectorError {
  return new ConnectorError(
    'read_only',
    `Safe mode is on: this database is read-only, so the statement was not run (${reason}).`,
  );
}

/** The database itself refused a write because the session is read-only. */
export function databaseReadOnlyError(error: unknown): ConnectorError {
  const { message, code, sqlState } = driverErrorFields(error);
  return new ConnectorError(
    'read_only',
    `Safe mode is on: this database is read-only, so the statement was refused (${message}).`,
    { cause: error, code: sqlState ?? code },
  );
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** `showDriverMessage` when the database itself enforced the limit and says so in its own words. */
export function timeoutError(timeoutMs: number, cause?: unknown, showDriverMessage = false): ConnectorError {
  const detail = showDriverMessage && cause !== undefined ? ` (${driverErrorFields(cause).message})` : '';
  return new ConnectorError(
    'timeout',
    `The query ran longer than the ${formatDuration(timeoutMs)} limit and was stopped in the database${detail}.`,
    { cause, code: cause === undefined ? null : driverErrorFields(cause).code },
  );
}

export function cancelledError(cause?: unknown): ConnectorError {
  return new ConnectorError('cancelled', 'The query was cancelled and stopped in the database.', { cause });
}
