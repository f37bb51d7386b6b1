import type { AnyRoute, authRoutes, healthRoutes } from '@querent/contracts';
import { apiRoutes, fillPathParams, listPathParams, parseRouteKey } from '@querent/contracts';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteHandlers } from '../../src/http/register-routes.ts';
import { registerRoutes } from '../../src/http/register-routes.ts';
import { listServedRoutes } from '../helpers/served-routes.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

const declared: [string, AnyRoute][] = Object.entries(apiRoutes);
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the routes the app serves are the declared ones', () => {
  let running: RunningApp;

  beforeAll(async () => {
    // No local administrator: every request is anonymous, so each route's own guard answers.
    running = await startTestApp({}, { prepareAuth: false });
  });

  afterAll(async () => {
    await running.stop();
  });

  it('reads the served routes from the route tree, nested ones included', () => {
    const served = listServedRoutes(running.built.app);
    expect(served).toContain('GET /api/docs/json');
    expect(served).toContain('GET /api/query-history');
    expect(served).toContain('PUT /api/query/:id/favorite');
    expect(served).not.toContain('HEAD /api/databases');
  });

  it('serves a handler for every declared route, and no /api route that is not declared', () => {
    const served = listServedRoutes(running.built.app).filter((key) => {
      const path = key.slice(key.indexOf(' ') + 1);
      return path.startsWith('/api/') && !path.startsWith('/api/docs');
    });
    const keys = Object.keys(apiRoutes);
    expect(keys.filter((key) => !served.includes(key))).toEqual([]);
    expect(served.filter((key) => !keys.includes(key))).toEqual([]);
    for (const key of keys) {
      const { method, path } = parseRouteKey(key);
      expect(running.built.app.hasRoute({ method, url: path }), key).toBe(true);
    }
  });

  it('documents every declared route in the OpenAPI document with its success status', async () => {
    const response = await fetch(`${running.baseUrl}/api/docs/json`);
    const doc = (await response.json()) as {
      paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>>;
    };
    for (const [key, route] of declared) {
      const { method, path } = parseRouteKey(key);
      const operation = doc.paths[openApiPath(path)]?.[method.toLowerCase()];
      expect(operation?.summary, key).toBe(route.summary);
      if (route.kind !== 'download') expect(operation?.responses[String(route.status)], key).toBeDefined();
      expect(operation?.responses['4XX'] ?? operation?.responses['4xx'], key).toBeDefined();
    }
  });

  it('refuses an anonymous caller on every route that requires a user, before reading the request', async () => {
    for (const [key, route] of declared) {
      const { method, path } = parseRouteKey(key);
      const ids = Object.fromEntries(listPathParams(path).map((name) => [name, 'anything']));
      const answer = await fetch(`${running.baseUrl}${fillPathParams(path, ids)}`, { method });
      await answer.body?.cancel();
      if (route.auth === 'required') expect(answer.status, key).toBe(401);
      else expect(answer.status, key).not.toBe(401);
    }
  });
});

describe('the routes a hosted-mode app serves are the declared ones', () => {
  let running: RunningApp;

  beforeAll(async () => {
    // Nothing listens at the issuer: no route reaches the provider before a sign-in starts.
    running = await startTestApp({
      AUTH_MODE: 'oidc',
      PUBLIC_URL: 'http://querent.test:3000',
      OIDC_ISSUER_URL: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: 'querent',
    });
  });

  afterAll(async () => {
    await running.stop();
  });

  it('serves a handler for every declared route, the sign-in ones in their own scopes', () => {
    const served = listServedRoutes(running.built.app).filter(
      (key) => key.includes(' /api/') && !key.includes('/api/docs'),
    );
    expect([...served].sort()).toEqual(Object.keys(apiRoutes).sort());
  });

  it('refuses a caller without a session on every route that requires a user', async () => {
    for (const [key, route] of declared) {
      const { method, path } = parseRouteKey(key);
      const ids = Object.fromEntries(listPathParams(path).map((name) => [name, 'anything']));
      const answer = await fetch(`${running.baseUrl}${fillPathParams(path, ids)}`, {
        method,
        redirect: 'manual',
      });
      await answer.body?.cancel();
      if (route.auth === 'required') expect(answer.status, key).toBe(401);
      else expect(answer.status, key).not.toBe(401);
    }
  });
});

describe('the route registrar', () => {
  it('refuses a table that lacks a handler', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const partial = {} as RouteHandlers<typeof healthRoutes>;
    await expect(registerRoutes(app, apiRoutes, partial as RouteHandlers<typeof apiRoutes>)).rejects.toThrow(
      'No handler for GET /api/health',
    );
    await app.close();
  });

  // Checked by `tsc` (npm run typecheck): each table must hold exactly its routes' handlers, typed
  // by their schemas. Never called.
  function typedTables(): RouteHandlers<typeof authRoutes>[] {
    return [
      // @ts-expect-error a declared route without its handler
      { 'GET /api/auth': () => ({ authorization_url: null }), 'GET /api/auth/callback': () => undefined },
      {
        'GET /api/auth': () => ({ authorization_url: null }),
        'GET /api/auth/callback': () => undefined,
        'POST /api/auth/logout': () => ({ logout_url: null }),
        // @ts-expect-error a handler for a route nobody declared
        'GET /api/auth/extra': () => ({ logout_url: null }),
      },
      {
        // @ts-expect-error an answer that is not the response schema's
        'GET /api/auth': () => ({ authorization_url: 42 }),
        'GET /api/auth/callback': () => undefined,
        // @ts-expect-error the user is null-able on a route whose auth is optional
        'POST /api/auth/logout': ({ user }) => ({ logout_url: user.id }),
      },
    ];
  }

  it('has its handler tables checked by the type checker', () => {
    expect(typeof typedTables).toBe('function');
  });
});
