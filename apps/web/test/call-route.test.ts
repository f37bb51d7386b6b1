import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRouteCalls } from '../src/api/call-route.ts';
import { ApiError } from '../src/lib/api-error.ts';
import { createHttpClient } from '../src/lib/http-client.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let reauthentications = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  reauthentications = 0;
});

function routes() {
  const http = createHttpClient({
    baseUrl: server.url,
    reauthenticate: () => {
      reauthentications += 1;
      return Promise.resolve();
    },
    offersCredits: () => false,
    offerCredits: () => undefined,
  });
  return createRouteCalls(http);
}

describe('calling a route by its declared key', () => {
  it('takes the method and path from the key and fills the path parameters, encoded', async () => {
    server.on('PUT /api/conversations/a%2Fb%3Fc', (request) => ({ body: { echoed: request.body } }));
    const answer = await routes().call('PUT /api/conversations/:id', {
      params: { id: 'a/b?c' },
      body: { name: 'Sales' },
    });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'PUT', path: '/api/conversations/a%2Fb%3Fc' });
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(answer).toEqual({ echoed: { name: 'Sales' } });
  });

  it('sends the query and no body when the route declares none', async () => {
    server.on('GET /api/databases/d1/schema', { body: { schemas: [] } });
    await routes().call('GET /api/databases/:id/schema', {
      params: { id: 'd1' },
      query: { refresh: 'true' },
    });
    const [request] = server.requests;
    expect(request?.query.get('refresh')).toBe('true');
    expect(request?.body).toBeUndefined();
    expect(request?.headers['content-type']).toBeUndefined();
  });

  it('answers undefined for a 204', async () => {
    server.on('DELETE /api/query/q1', { status: 204 });
    expect(await routes().call('DELETE /api/query/:id', { params: { id: 'q1' } })).toBeUndefined();
  });

  it('passes the request options: a session call does not re-authenticate on 401', async () => {
    server.on('GET /api/user', {
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'Sign in' } },
    });
    const call = routes().call('GET /api/user', { handleUnauthorized: false });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(reauthentications).toBe(0);
  });

  it('hands a download back unread', async () => {
    server.on('GET /api/query/q1/export', {
      raw: { body: 'id\r\n1\r\n', headers: { 'content-type': 'text/csv' } },
    });
    const response = await routes().download('GET /api/query/:id/export', {
      params: { id: 'q1' },
      query: { format: 'csv' },
    });
    expect(server.requests[0]?.query.get('format')).toBe('csv');
    expect(await response.text()).toBe('id\r\n1\r\n');
  });

  it('refuses to call a path whose parameter is missing', () => {
    const call = routes().call as (key: string, input?: object) => Promise<unknown>;
    expect(() => call('GET /api/databases/:id', {})).toThrow('Missing path parameter "id"');
    expect(server.requests).toHaveLength(0);
  });
});
