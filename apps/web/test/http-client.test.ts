import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/api-error.ts';
import { createHttpClient, type HttpClientDeps } from '../src/lib/http-client.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    'GET /api/things': { body: [{ id: '1' }] },
    'POST /api/echo': (request) => ({ status: 201, body: { received: request.body } }),
    'DELETE /api/things/1': { status: 204 },
    'GET /api/search': (request) => ({ body: { contextId: request.query.get('contextId') } }),
    'POST /api/bad': {
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: 'Name is required', field: 'name' } },
    },
    'GET /api/gateway': { status: 502, body: undefined },
    'GET /api/private': {
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'Sign in first' } },
      delayMs: 20,
    },
    'GET /api/paid': {
      status: 402,
      body: { error: { code: 'PAYMENT_REQUIRED', message: 'No credits left' } },
    },
    'GET /api/slow': { body: { done: true }, delayMs: 1500 },
  });
});

afterAll(() => server.close());

function client(overrides: Partial<HttpClientDeps> = {}) {
  const deps = {
    baseUrl: server.url,
    reauthenticate: vi.fn(() => new Promise<void>((resolve) => setTimeout(resolve, 50))),
    offersCredits: vi.fn(() => false),
    offerCredits: vi.fn<(message: string) => void>(),
    ...overrides,
  };
  return { http: createHttpClient(deps), deps };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('http client', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });

  it('sends and receives JSON', async () => {
    const { http } = client();
    expect(await http.get('/api/things')).toEqual([{ id: '1' }]);
    expect(await http.post('/api/echo', { name: 'orders' })).toEqual({ received: { name: 'orders' } });
    const echo = server.requests.find((request) => request.path === '/api/echo');
    expect(echo?.headers['content-type']).toBe('application/json');
    expect(echo?.headers.accept).toBe('application/json');
  });

  it('returns undefined for an empty body and encodes query parameters', async () => {
    const { http } = client();
    expect(await http.delete('/api/things/1')).toBeUndefined();
    expect(
      await http.get('/api/search', { query: { contextId: 'database-1 & more', skip: undefined } }),
    ).toEqual({
      contextId: 'database-1 & more',
    });
  });

  it("throws an ApiError carrying the server's status, code, message and field", async () => {
    const { http } = client();
    const error = await rejection(http.post('/api/bad', {}));
    expect(error).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Name is required',
      field: 'name',
    });
  });

  it('still throws an ApiError when the error body is not the API shape', async () => {
    const { http } = client();
    const error = await rejection(http.get('/api/gateway'));
    expect(error.status).toBe(502);
    expect(error.code).toBe('HTTP_ERROR');
  });

  it('on 401 logs Unauthorized, runs one re-authentication for concurrent calls, and re-throws', async () => {
    const { http, deps } = client();
    const errors = await Promise.all([1, 2, 3].map(() => rejection(http.get('/api/private'))));
    expect(errors.map((error) => error.status)).toEqual([401, 401, 401]);
    expect(errors[0]?.message).toBe('Sign in first');
    expect(deps.reauthenticate).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith('Unauthorized');

    // Once that run is over, a new 401 starts a new one.
    await rejection(http.get('/api/private'));
    expect(deps.reauthenticate).toHaveBeenCalledTimes(2);
  });

  it("leaves 401s of the sign-in flow's own calls to the caller", async () => {
    const { http, deps } = client();
    await rejection(http.get('/api/private', { handleUnauthorized: false }));
    expect(deps.reauthenticate).not.toHaveBeenCalled();
  });

  it('on 402 offers the credits action to whoever the server lets manage credits (an admin)', async () => {
    const { http, deps } = client({ offersCredits: () => true });
    const error = await rejection(http.get('/api/paid'));
    expect(error.status).toBe(402);
    expect(deps.offerCredits).toHaveBeenCalledWith('No credits left');
    expect(console.log).not.toHaveBeenCalled();
  });

  it('on 402 only logs for a regular user', async () => {
    const { http, deps } = client({ offersCredits: () => false });
    const error = await rejection(http.get('/api/paid'));
    expect(error.status).toBe(402);
    expect(deps.offerCredits).not.toHaveBeenCalled();
    expect(console.log).toHaveBeenCalledWith('Regular user has insufficient credits');
  });

  it('applies no time-out of its own', async () => {
    const fetchSpy = vi.fn((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    const { http } = client({ fetch: fetchSpy });
    expect(await http.get('/api/slow')).toEqual({ done: true });
    expect(fetchSpy.mock.calls[0]?.[1]?.signal).toBeUndefined();
  });

  it("passes a caller's abort signal through", async () => {
    const fetchSpy = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(new Response('{}')),
    );
    const { http } = client({ fetch: fetchSpy });
    const controller = new AbortController();
    await http.get('/api/things', { signal: controller.signal });
    expect(fetchSpy.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });
});
