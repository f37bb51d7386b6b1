import type { ErrorCode, ErrorResponse } from '@querent/contracts';

export const statusByCode: Readonly<Record<ErrorCode, number>> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  SUBSCRIPTION_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  // A service we depend on (such as the sign-in provider) is down or misconfigured: not our bug.
  SERVICE_UNAVAILABLE: 503,
};

/** The code for a status raised by the framework or a plugin rather than by our own code. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 402:
      return 'PAYMENT_REQUIRED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}

export interface AppErrorOptions {
  /** The request field at fault, for bad input. */
  field?: string;
  cause?: unknown;
}

/**
 * An expected failure whose message is safe to show to the user. Anything else thrown is treated
 * as a bug: logged, and answered with a generic 500.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = statusByCode[code];
    this.field = options.field;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

export function errorBody(
  code: ErrorCode,
  message: string,
  extra: { field?: string | undefined; requestId?: string | undefined } = {},
): ErrorResponse {
  return {
    error: {
      code,
      message,
      ...(extra.field === undefined ? {} : { field: extra.field }),
      ...(extra.requestId === undefined ? {} : { requestId: extra.requestId }),
    },
  };
}
