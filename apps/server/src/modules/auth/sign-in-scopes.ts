import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyError } from 'fastify';
import { clearedAuthCookie } from '../../auth/auth-cookies.ts';
import { AppError, isAppError } from '../../errors.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { MINUTE_MS } from '../../rate-limit/minute-limit.ts';
import type { WindowCounter, WindowCounters } from '../../rate-limit/window-counter.ts';
import { renderSignInErrorPage } from './sign-in-error-page.ts';

/** @fastify/rate-limit's store over one of our window counters, so its counts live where ours do. */
function windowCounterStore(counter: WindowCounter): FastifyRateLimitStoreCtor {
  return class WindowCounterStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      counter.hit(key).then(
        ({ count, msLeft }) => callback(null, { current: count, ttl: msLeft }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    // One endpoint, one count: route options never change where it is kept.
    child() {
      return this;
    }
  };
}

/**
 * Each sign-in endpoint (`name`) counts the requests of each address (as the proxy settings tell
 * it) over a minute: guessing states or hammering the provider through us is cut short. Counted
 * in Redis when the deployment has one, so the limit holds across instances.
 */
export function limitSignInRequests(
  counters: WindowCounters,
  maxPerMinute: number,
): (name: string) => (scope: ZodApp) => Promise<void> {
  return (name) => async (scope) => {
    // Loaded with hosted mode only, like the rest of the sign-in flow.
    const { default: rateLimit } = await import('@fastify/rate-limit');
    await scope.register(rateLimit, {
      max: maxPerMinute,
      timeWindow: MINUTE_MS,
      store: windowCounterStore(counters(`sign-in-${name}`, MINUTE_MS)),
      // Our counters already let requests through when Redis cannot answer; anything else thrown
      // there is let through too rather than failing a sign-in.
      skipOnError: true,
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
