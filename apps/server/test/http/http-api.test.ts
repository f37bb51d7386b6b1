import { readFileSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/errors.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

const rootPackage = JSON.parse(
  readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface ErrorBody {
  error: { code: string; message: string; field?: string; requestId?: string };
}

let running: RunningApp;

async function call(path: string, init?: RequestInit) {
  const response = await fetch(`${running.baseUrl}${path}`, init);
  const text = await response.text();
  return { response, text, json: () => JSON.parse(text) as unknown };
}

async function expectError(path: string, init: RequestInit | undefined, status: number, code: string) {
  const { response, json } = await call(path, init);
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = json() as ErrorBody;
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
  return body;
}

beforeAll(async () => {
  running = await startTestApp(
    { BODY_LIMIT_BYTES: '256' },
    {
      // Routes that exist only in this test, to reach the error paths no real route has yet.
      beforeListen: ({ app }) => {
        app.post(
          '/api/test/echo',
          { schema: { body: z.object({ name: z.string().min(1), size: z.number().int() }) } },
          (request) => request.body,
        );
        app.get(
          '/api/test/search',
          { schema: { querystring: z.object({ contextId: z.string().regex(/^(project|database)-/) }) } },
          (request) => request.query,
        );
        app.get('/api/test/bug', () => {
          throw new Error('secret detail: password=hunter2');
        });
        app.get('/api/test/conflict', () => {
          throw new AppError('CONFLICT', 'Name already taken', { field: 'name' });
        });
      },
    },
  );
});

afterAll(async () => {
  await running.stop();
});

describe('user, auth, version and health routes', () => {
  it('GET /api/user returns the local administrator', async () => {
    const { response, json } = await call('/api/user');
    expect(response.status).toBe(200);
    expect(json()).toEqual({
      id: 'local-admin',
      email: 'admin@localhost',
      first_name: 'Local',
      last_name: 'Administrator',
      profile_picture_url: null,
      role: 'admin',
      organization_id: null,
      // What the policy lets the local administrator do, so the web app offers it.
      abilities: {
        publish_databases: true,
        confirm_credentials: true,
        manage_people: true,
        manage_credits: true,
        create_api_keys: true,
        manage_organization_keys: true,
      },
    });
  });

  it('GET /api/user/credits reports unlimited credits in local mode', async () => {
    const { response, json } = await call('/api/user/credits');
    expect(response.status).toBe(200);
    expect(json()).toEqual({ credits_remaining: 0, unlimited: true });
  });

  it('GET /api/auth points at the app itself, POST /api/auth/logout has no logout URL', async () => {
    expect((await call('/api/auth')).json()).toEqual({ authorization_url: null });
    const logout = await call('/api/auth/logout', { method: 'POST' });
    expect(logout.response.status).toBe(200);
    expect(logout.json()).toEqual({ logout_url: null });
  });

  it('GET /api/version reports the root package version and no update', async () => {
    expect((await call('/api/version')).json()).toEqual({
      version: rootPackage.version,
      latest: rootPackage.version,
      hasUpdate: false,
    });
  });

  it('GET /api/health answers ok', async () => {
    const { response, json } = await call('/api/health');
    expect(response.status).toBe(200);
    expect(json()).toEqual({ ok: true });
  });
});

describe('one error shape for every failure', () => {
  it('unknown /api paths are a JSON 404, whatever the method', async () => {
    const body = await expectError('/api/nope', undefined, 404, 'NOT_FOUND');
    expect(body.error.message).toContain('/api/nope');
    await expectError('/api/nope', { method: 'POST' }, 404, 'NOT_FOUND');
    await expectError('/api/user/nope/deeper', { method: 'DELETE' }, 404, 'NOT_FOUND');
  });

  it('malformed JSON is a 400', async () => {
    await expectError(
      '/api/test/echo',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": ' },
      400,
      'BAD_REQUEST',
    );
  });

  it('a body over BODY_LIMIT_BYTES is a 413', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(1000), size: 1 });
    await expectError(
      '/api/test/echo',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body },
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('a body that is not JSON is a 415', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      await expectError(
        '/api/auth/logout',
        { method: 'POST', headers: { 'content-type': type }, body: 'a=b' },
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
    }
  });

  it('schema violations are a 400 naming the field', async () => {
    const post = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const missing = await expectError('/api/test/echo', post({ size: 1 }), 400, 'BAD_REQUEST');
    expect(missing.error.field).toBe('name');
    expect(missing.error.message).toContain('name');
    const wrongType = await expectError(
      '/api/test/echo',
      post({ name: 'a', size: 'big' }),
      400,
      'BAD_REQUEST',
    );
    expect(wrongType.error.field).toBe('size');
    const query = await expectError('/api/test/search?contextId=nope', undefined, 400, 'BAD_REQUEST');
    expect(query.error.field).toBe('contextId');

    const valid = await call('/api/test/echo', post({ name: 'a', size: 2 }));
    expect(valid.response.status).toBe(200);
    expect(valid.json()).toEqual({ name: 'a', size: 2 });
  });

  it('an address the router cannot read, or a request that is not HTTP, has the one shape too', async () => {
    const badEncoding = await expectError('/api/databases/%E0%A4%A', undefined, 400, 'BAD_REQUEST');
    expect(badEncoding.error.message).toMatch(/not correctly percent-encoded/);
    const longParam = await expectError(
      `/api/databases/${'x'.repeat(500)}`,
      { method: 'DELETE' },
      414,
      'BAD_REQUEST',
    );
    expect(longParam.error.message).toMatch(/path parameter is too long/);

    const raw = await new Promise<string>((resolve) => {
      const socket = net.connect(running.port, '127.0.0.1');
      let heard = '';
      socket.on('data', (chunk) => {
        heard += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(heard));
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n');
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request is not valid HTTP' },
    });
  });

  it('an AppError keeps its status, message and field', async () => {
    const body = await expectError('/api/test/conflict', undefined, 409, 'CONFLICT');
    expect(body.error).toMatchObject({ message: 'Name already taken', field: 'name' });
  });

  it('a bug is a 500 that leaks nothing', async () => {
    const { text } = await call('/api/test/bug');
    const body = await expectError('/api/test/bug', undefined, 500, 'INTERNAL');
    expect(body.error.message).toBe('Internal server error');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('secret');
    expect(text).not.toMatch(/at .*\.ts/);
  });
});

describe('request ids and security headers', () => {
  it('generates a request id, and keeps a sane incoming one', async () => {
    const generated = await call('/api/health');
    expect(generated.response.headers.get('x-request-id')).toMatch(uuid);
    const kept = await call('/api/health', { headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(kept.response.headers.get('x-request-id')).toBe('lb-1234.abc');
    const replaced = await call('/api/health', { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(replaced.response.headers.get('x-request-id')).toMatch(uuid);
  });

  it('sends security headers with a CSP the SPA and the docs work under', async () => {
    const { response } = await call('/api/user');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

describe('API documentation', () => {
  it('serves Swagger UI from local files', async () => {
    const page = await call('/api/docs');
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('swagger-ui');
    // Every script the page loads is served by us: the docs work offline and under script-src 'self'.
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^https?:/);
      const script = await fetch(new URL(src, `${running.baseUrl}/api/docs/`));
      expect(script.status).toBe(200);
      // Read to the end: an unread response holds its connection open, and the app's close waits on it.
      await script.arrayBuffer();
    }
    expect(page.text).not.toMatch(/<script>(?!\s*<\/script>)/);
  });

  it('publishes a valid OpenAPI document listing the routes', async () => {
    const { response, json } = await call('/api/docs/json');
    expect(response.status).toBe(200);
    const doc = json() as {
      openapi: string;
      info: { title: string; version: string };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe(rootPackage.version);
    for (const [path, method] of [
      ['/api/user', 'get'],
      ['/api/user/credits', 'get'],
      ['/api/auth', 'get'],
      ['/api/auth/logout', 'post'],
      ['/api/version', 'get'],
      ['/api/health', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.responses['200'], `${method} ${path}`).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/api/user/credits'])).toContain('unlimited');
    expect(Object.keys(doc.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
  });
});

describe('without a known user', () => {
  let anonymous: RunningApp;

  beforeAll(async () => {
    anonymous = await startTestApp({}, { prepareAuth: false });
  });

  afterAll(async () => {
    await anonymous.stop();
  });

  it('refuses protected routes with 401 and keeps public ones open', async () => {
    const user = await fetch(`${anonymous.baseUrl}/api/user`);
    expect(user.status).toBe(401);
    expect(((await user.json()) as ErrorBody).error.code).toBe('UNAUTHORIZED');
    expect((await fetch(`${anonymous.baseUrl}/api/user/credits`)).status).toBe(401);
    expect((await fetch(`${anonymous.baseUrl}/api/health`)).status).toBe(200);
    expect((await fetch(`${anonymous.baseUrl}/api/version`)).status).toBe(200);
    expect((await fetch(`${anonymous.baseUrl}/api/auth`)).status).toBe(200);
  });
});
