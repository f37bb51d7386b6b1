import { describe, expect, it } from 'vitest';
import type { AnyRoute } from '../src/index.ts';
import { apiRoutes, fillPathParams, listPathParams, parseRouteKey } from '../src/index.ts';

const entries: [string, AnyRoute][] = Object.entries(apiRoutes);

describe('route keys', () => {
  it('reads the method and the path, and refuses anything else', () => {
    expect(parseRouteKey('GET /api/databases/:id')).toEqual({ method: 'GET', path: '/api/databases/:id' });
    expect(parseRouteKey('DELETE /api/query/:id')).toEqual({ method: 'DELETE', path: '/api/query/:id' });
    for (const bad of ['get /api/x', 'PATCH /api/x', 'GET /x', 'GET  /api/x', 'GET /api/x y']) {
      expect(() => parseRouteKey(bad), bad).toThrow('Not a route key');
    }
  });

  it('fills path parameters, each encoded as one segment', () => {
    expect(listPathParams('/api/query/:id/favorite')).toEqual(['id']);
    expect(fillPathParams('/api/query/:id/favorite', { id: 'a/b c?' })).toBe(
      '/api/query/a%2Fb%20c%3F/favorite',
    );
    expect(fillPathParams('/api/databases')).toBe('/api/databases');
    expect(() => fillPathParams('/api/charts/:id', {})).toThrow('Missing path parameter "id"');
  });
});

describe('the API route table', () => {
  it('declares every endpoint as "METHOD /api/..."', () => {
    expect(entries.length).toBeGreaterThan(40);
    for (const [key] of entries) expect(key).toMatch(/^(GET|POST|PUT|DELETE) \/api\/[a-z0-9_:/.-]+$/);
  });

  it('declares exactly the path parameters in the params schema', () => {
    for (const [key, route] of entries) {
      const names = listPathParams(parseRouteKey(key).path).sort();
      const declared = route.params ? Object.keys(route.params.shape).sort() : [];
      expect(declared, key).toEqual(names);
    }
  });

  it('gives each kind of route what it answers with', () => {
    for (const [key, route] of entries) {
      const { method } = parseRouteKey(key);
      const answersJson = route.kind !== 'download' && route.kind !== 'page' && route.status !== 204;
      expect(route.response !== undefined, `${key} response`).toBe(answersJson);
      if (route.kind === 'upload') expect(route.body, key).toBeUndefined();
      if (method === 'GET' || method === 'DELETE') expect(route.body, `${key} body`).toBeUndefined();
      expect(route.summary.length, key).toBeGreaterThan(0);
      expect(route.tags.length, key).toBeGreaterThan(0);
    }
  });

  it('fills the defaults: a JSON route answering 200', () => {
    expect(apiRoutes['GET /api/databases']).toMatchObject({ kind: 'json', status: 200, auth: 'required' });
    expect(apiRoutes['POST /api/databases']).toMatchObject({ kind: 'json', status: 201 });
    expect(apiRoutes['DELETE /api/databases/:id']).toMatchObject({ kind: 'json', status: 204 });
    expect(apiRoutes['POST /api/query/_export']).toMatchObject({ kind: 'download', status: 200 });
    expect(apiRoutes['POST /api/uploads']).toMatchObject({ kind: 'upload', status: 201 });
    expect(apiRoutes['GET /api/auth/callback']).toMatchObject({ kind: 'page', status: 302 });
  });

  it('declares the pages the browser opens itself as GET redirects', () => {
    for (const [key, route] of entries.filter(([, declared]) => declared.kind === 'page')) {
      expect(parseRouteKey(key).method, key).toBe('GET');
      expect(route.status, key).toBe(302);
    }
  });

  it('leaves only the health checks, the version, the sign-in callback, the signed Stripe webhook and public dashboard links public, and sign-in and sign-out optional', () => {
    const byAuth = (auth: string) =>
      entries
        .filter(([, route]) => route.auth === auth)
        .map(([key]) => key)
        .sort();
    expect(byAuth('public')).toEqual([
      'GET /api/auth/callback',
      'GET /api/health',
      'GET /api/health/live',
      'GET /api/health/ready',
      'GET /api/public/dashboards/:token',
      'GET /api/public/dashboards/:token/data',
      'GET /api/public/dashboards/:token/filters/:name/values',
      'GET /api/version',
      'POST /api/credits/stripe/webhook',
    ]);
    expect(byAuth('optional')).toEqual(['GET /api/auth', 'POST /api/auth/logout']);
  });
});
