import type { ErrorResponse } from '@querent/contracts';

/** A failed call, carrying the server's one error shape so screens can show its message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

function isErrorResponse(body: unknown): body is ErrorResponse {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

/** Builds an ApiError from whatever a failing response carried; proxies may send HTML or nothing. */
export function toApiError(status: number, statusText: string, body: unknown): ApiError {
  if (isErrorResponse(body)) {
    return new ApiError(status, body.error.code, body.error.message, body.error.field);
  }
  return new ApiError(status, 'HTTP_ERROR', statusText || `Request failed with status ${status}`);
}

/** The text to show a user for any thrown value. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/**
 * The message the server put in its error shape, else `fallback`: a proxy's status text or a
 * network failure is no message for the user, so the screen's default text stands in for it.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== 'HTTP_ERROR' && error.message) return error.message;
  return fallback;
}
