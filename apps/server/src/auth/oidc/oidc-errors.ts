import {
  AuthorizationResponseError,
  ClientError,
  ResponseBodyError,
  WWWAuthenticateChallengeError,
} from 'openid-client';
import { AppError } from '../../errors.ts';

/** The detail openid-client wraps: the message of the check that failed. */
function detailOf(error: ClientError): string {
  return error.cause instanceof Error ? error.cause.message : error.message;
}

function unreachable(issuerUrl: string, cause: unknown): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    `The sign-in service at ${issuerUrl} is not reachable. Try again in a moment.`,
    { cause },
  );
}

/** A token or its answer failed our checks: whoever sent it, this sign-in cannot be trusted. */
function unverified(detail: string, cause: unknown): AppError {
  return new AppError(
    'UNAUTHORIZED',
    `The sign-in service's answer could not be verified (${detail}). Please sign in again.`,
    { cause },
  );
}

function fromClientError(error: ClientError, issuerUrl: string): AppError {
  switch (error.code) {
    case 'OAUTH_TIMEOUT':
    case 'OAUTH_ABORT':
      return unreachable(issuerUrl, error);
    case 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED':
      return new AppError(
        'UNAUTHORIZED',
        'The sign-in service sent an ID token that has expired or is not valid yet. Please sign in again; if it keeps happening, check the server clock.',
        { cause: error },
      );
    case 'OAUTH_JWT_CLAIM_COMPARISON_FAILED':
    case 'OAUTH_INVALID_RESPONSE':
    case 'OAUTH_PARSE_ERROR':
    case 'OAUTH_KEY_SELECTION_FAILED':
      return unverified(detailOf(error), error);
    case 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED':
      return new AppError(
        'SERVICE_UNAVAILABLE',
        `The sign-in service at ${issuerUrl} announces another issuer; the configured issuer URL must be exactly its own.`,
        { cause: error },
      );
    case 'OAUTH_HTTP_REQUEST_FORBIDDEN':
      return new AppError(
        'SERVICE_UNAVAILABLE',
        `The sign-in service at ${issuerUrl} must be reached over https.`,
        { cause: error },
      );
    default:
      return new AppError(
        'SERVICE_UNAVAILABLE',
        `The sign-in service at ${issuerUrl} gave an unexpected answer (${detailOf(error)}).`,
        { cause: error },
      );
  }
}

/** An error answer of the token or userinfo endpoint, in its body or its WWW-Authenticate header. */
function fromErrorAnswer(
  error: ResponseBodyError | WWWAuthenticateChallengeError,
  issuerUrl: string,
): AppError {
  const code =
    error instanceof ResponseBodyError
      ? error.error
      : (error.cause.map((challenge) => challenge.parameters.error).find(Boolean) ?? `HTTP ${error.status}`);
  if (code === 'invalid_grant') {
    return new AppError(
      'BAD_REQUEST',
      'This sign-in can no longer be completed: the sign-in service refused its code. Please sign in again.',
      { cause: error },
    );
  }
  if (code === 'invalid_client' || code === 'unauthorized_client') {
    return new AppError(
      'SERVICE_UNAVAILABLE',
      `The sign-in service at ${issuerUrl} does not accept this server's client id and secret.`,
      { cause: error },
    );
  }
  return new AppError(
    'SERVICE_UNAVAILABLE',
    `The sign-in service at ${issuerUrl} refused the sign-in (${code}).`,
    { cause: error },
  );
}

/**
 * What went wrong talking to the provider, in words for the user: 400 for a sign-in that can no
 * longer complete, 401 for an answer that fails verification or a sign-in refused at the
 * provider, 503 when the provider is down or misconfigured. Anything else is our own bug and
 * passes through unchanged.
 */
export function describeProviderFailure(error: unknown, issuerUrl: string): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof AuthorizationResponseError) {
    const reason = error.error_description ?? error.error;
    return error.error === 'access_denied'
      ? new AppError('UNAUTHORIZED', `Sign-in was cancelled at the sign-in service (${reason}).`, {
          cause: error,
        })
      : new AppError('UNAUTHORIZED', `The sign-in service refused the sign-in (${reason}).`, {
          cause: error,
        });
  }
  if (error instanceof ResponseBodyError || error instanceof WWWAuthenticateChallengeError) {
    return fromErrorAnswer(error, issuerUrl);
  }
  if (error instanceof ClientError) return fromClientError(error, issuerUrl);
  // fetch reports a refused connection, a DNS failure or a reset as a TypeError with a cause;
  // openid-client's own argument errors carry a code instead.
  if (error instanceof TypeError && error.cause !== undefined && !('code' in error)) {
    return unreachable(issuerUrl, error);
  }
  return error;
}
