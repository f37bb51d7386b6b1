import {
  ConnectorError,
  driverErrorFields,
  networkError,
  sqlError,
  timeoutError,
} from '../connector-error.ts';
import type { QueryControl } from '../query-control.ts';

/**
 * BigQuery's failures in words a user can act on. Google's API answers with an HTTP status in
 * `code` and reasons in `errors`; the token exchange fails with `invalid_grant` and an HTTP 400;
 * a socket error carries its errno code (ECONNREFUSED) and names the URL it could not reach.
 */

export interface BigQueryTarget {
  projectId: string;
  clientEmail: string;
  /** Where API calls go, for messages when the network fails. */
  apiEndpoint: URL;
}

/** `connect`: test() and introspection, where a permission error is about the account, not the SQL. */
export type BigQueryPhase = 'connect' | 'statement';

export function bigQueryError(
  error: unknown,
  target: BigQueryTarget,
  phase: BigQueryPhase,
  control?: QueryControl,
): ConnectorError {
  if (error instanceof ConnectorError) return error;
  if (control?.reason) return control.error(error);
  const { message } = driverErrorFields(error);
  const fields = error as { code?: unknown; status?: unknown; errors?: { reason?: string }[] };
  const status =
    typeof fields.code === 'number' ? fields.code : typeof fields.status === 'number' ? fields.status : null;
  const reason = fields.errors?.[0]?.reason ?? null;
  if (/invalid_grant|invalid_client|unauthorized_client/.test(message) || status === 401) {
    return new ConnectorError(
      'auth',
      `Authentication failed for service account ${target.clientEmail} — check that the service account JSON key is complete and not revoked (${message})`,
      { cause: error, code: reason },
    );
  }
  if (/^Not found: Project/i.test(message)) {
    return new ConnectorError(
      'missing_database',
      `Project ${target.projectId} does not exist or the service account cannot see it — check the project id (${message})`,
      { cause: error, code: reason },
    );
  }
  if (phase === 'connect' && status === 403) {
    return new ConnectorError(
      'auth',
      `The service account ${target.clientEmail} is not allowed to run queries in project ${target.projectId} — grant it the BigQuery Job User and Data Viewer roles (${message})`,
      { cause: error, code: reason },
    );
  }
  // jobTimeoutMs reached: BigQuery stopped the job itself.
  if (reason === 'timeout' && control) return timeoutError(control.timeoutMs, error, true);
  const where = failedUrl(message) ?? target.apiEndpoint;
  const network = networkError(error, where.hostname, where.port || (where.protocol === 'http:' ? 80 : 443));
  if (network) return network;
  return phase === 'connect' && status === null
    ? new ConnectorError('unreachable', `Cannot reach BigQuery (${message})`, { cause: error })
    : sqlError(error);
}

/** The URL a request failed on, as fetch-based clients name it ("request to URL failed"). */
function failedUrl(message: string): URL | null {
  const url = /request to (\S+) failed/.exec(message)?.[1];
  if (!url) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
