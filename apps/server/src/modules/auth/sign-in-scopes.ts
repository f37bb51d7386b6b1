import type { FastifyError } from 'fastify';
import { clearedAuthCookie } from '../../auth/auth-cookies.ts';
import { AppError, isAppError } from '../../errors.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { renderSignInErrorPage } from './sign-in-error-page.ts';

/**
 * Each sign-in endpoint counts the requests of each address (as the proxy settings tell it) over a
 * minute: guessing states or hammering the provider through us is cut short. Counted per instance.
 */
export function limitSignInRequests(maxPerMinute: number): (scope: ZodApp) => Promise<void> {
  return async (scope) => {
    // Loaded with hosted mode only, like the rest of the sign-in flow.
    const { default: rateLimit } = await import('@fastify/rate-limit');
    await scope.register(rateLimit, {
      max: maxPerMinute,
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) =>
        new AppError(
          'RATE_LIMITED',
          `Too many sign-in requests from your address. Try again in ${context.after}.`,
        ),
    });
  };
}

function statusOf(error: FastifyError): number {
  if (isAppError(error)) return error.status;
  return typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
    ? error.statusCode
    : 500;
}

/**
 * The callback is opened by the browser itself, so whatever goes wrong there is answered with a
 * page a person can read (and the sign-in cookie, now useless, is deleted), not with JSON.
 */
export function answerCallbackFailuresWithPage(publicUrl: string): (scope: ZodApp) => void {
  return (scope) => {
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const status = statusOf(error);
      if (status === 500) request.log.error({ err: error }, 'Sign-in callback failed');
      else request.log.info({ err: error }, 'Sign-in refused');
      const message =
        status === 500
          ? 'Something went wrong on our side while signing you in. Please try again.'
          : isAppError(error)
            ? error.message
            : 'The sign-in service sent the browser back with an answer that could not be read. Please sign in again.';
      const page = renderSignInErrorPage({ status, message, requestId: request.id });
      const cookie = clearedAuthCookie('sign-in', publicUrl);
      return reply
        .code(page.status)
        .setCookie(cookie.name, cookie.value, cookie.options)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page.html);
    });
  };
}
