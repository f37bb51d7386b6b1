import { expect } from 'vitest';
import { findUserById } from '../../src/modules/users/users.repo.ts';
import type { BuiltApp } from '../../src/app.ts';
import { readAnswer } from './responses.ts';

/** Header a test sends to act as another user than the local administrator. */
export const TEST_USER_HEADER = 'x-test-user';

/**
 * Local mode knows one user. Suites that need a second principal add this hook before listening:
 * it runs after the real authentication and swaps in the user named by the header, so every
 * route's own authorization is exercised over real HTTP.
 */
export function actAsHeaderUser(built: BuiltApp): void {
  built.app.addHook('onRequest', async (request) => {
    const id = request.headers[TEST_USER_HEADER];
    if (typeof id !== 'string') return;
    request.user = await findUserById(built.store.db, id);
  });
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  text: string;
}

export interface ErrorBody {
  error: { code: string; message: string; field?: string };
}

export function apiClient(baseUrl: string, defaults: { user?: string } = {}) {
  async function call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options: { user?: string; signal?: AbortSignal } = {},
  ): Promise<ApiResponse<T>> {
    const user = options.user ?? defaults.user;
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (user !== undefined) headers[TEST_USER_HEADER] = user;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    return readAnswer<T>(response);
  }
  return {
    call,
    get: <T = unknown>(path: string, options?: { user?: string }) => call<T>('GET', path, undefined, options),
    post: <T = unknown>(path: string, body: unknown, options?: { user?: string; signal?: AbortSignal }) =>
      call<T>('POST', path, body, options),
    put: <T = unknown>(path: string, body: unknown, options?: { user?: string }) =>
      call<T>('PUT', path, body, options),
    del: <T = unknown>(path: string, options?: { user?: string }) =>
      call<T>('DELETE', path, undefined, options),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/** Asserts an error answer and returns its body. */
export function expectError(
  response: ApiResponse,
  status: number,
  expected: { code?: string; field?: string; message?: string | RegExp } = {},
): ErrorBody['error'] {
  expect(response.status, response.text).toBe(status);
  const { error } = response.body as ErrorBody;
  if (expected.code !== undefined) expect(error.code).toBe(expected.code);
  if (expected.field !== undefined) expect(error.field).toBe(expected.field);
  if (typeof expected.message === 'string') expect(error.message).toBe(expected.message);
  else if (expected.message) expect(error.message).toMatch(expected.message);
  return error;
}
