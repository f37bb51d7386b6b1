import { describe, expect, it, vi } from 'vitest';
import {
  type AuthGuardDeps,
  authGuard,
  runGuards,
  type SandboxGuardDeps,
  sandboxGuard,
} from '../src/router/guards.ts';

function authDeps(overrides: Partial<AuthGuardDeps> = {}) {
  return {
    isAuthenticated: vi.fn(() => false),
    checkAuth: vi.fn(() => Promise.resolve(true)),
    loginUrl: vi.fn(() => Promise.resolve('https://idp.example.com/authorize')),
    refreshDatabases: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

function sandboxDeps(overrides: Partial<SandboxGuardDeps> = {}) {
  return {
    isSandbox: vi.fn(() => true),
    hasSelectedContext: vi.fn(() => false),
    runSetup: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

const route = (path: string, guestOnly = false) => ({ path, meta: { guestOnly } });

describe('auth guard', () => {
  it('lets guest routes through without any check', async () => {
    const deps = authDeps();
    expect(await authGuard(route('/login', true), deps)).toEqual({ kind: 'proceed' });
    expect(deps.isAuthenticated).not.toHaveBeenCalled();
    expect(deps.checkAuth).not.toHaveBeenCalled();
  });

  it('lets an authenticated user through without a check', async () => {
    const deps = authDeps({ isAuthenticated: () => true });
    expect(await authGuard(route('/databases'), deps)).toEqual({ kind: 'proceed' });
    expect(deps.checkAuth).not.toHaveBeenCalled();
    expect(deps.refreshDatabases).not.toHaveBeenCalled();
  });

  it('checks auth, then refreshes the databases list and proceeds', async () => {
    const order: string[] = [];
    const deps = authDeps({
      checkAuth: () => {
        order.push('check');
        return Promise.resolve(true);
      },
      refreshDatabases: () => {
        order.push('databases');
        return Promise.resolve();
      },
    });
    expect(await authGuard(route('/control'), deps)).toEqual({ kind: 'proceed' });
    expect(order).toEqual(['check', 'databases']);
  });

  it('sends the browser to the login address when the check fails', async () => {
    const deps = authDeps({ checkAuth: () => Promise.resolve(false) });
    expect(await authGuard(route('/chat/new'), deps)).toEqual({
      kind: 'leave',
      url: 'https://idp.example.com/authorize',
    });
    expect(deps.refreshDatabases).not.toHaveBeenCalled();
  });

  it('uses whatever the auth helper answers, e.g. the /login fallback', async () => {
    const deps = authDeps({
      checkAuth: () => Promise.resolve(false),
      loginUrl: () => Promise.resolve('/login'),
    });
    expect(await authGuard(route('/chat/new'), deps)).toEqual({ kind: 'leave', url: '/login' });
  });
});

describe('sandbox guard', () => {
  it('does nothing outside the sandbox mode', async () => {
    const deps = sandboxDeps({ isSandbox: () => false });
    expect(await sandboxGuard(route('/chat/new'), deps)).toEqual({ kind: 'proceed' });
    expect(await sandboxGuard(route('/setup'), deps)).toEqual({ kind: 'proceed' });
    expect(deps.hasSelectedContext).not.toHaveBeenCalled();
    expect(deps.runSetup).not.toHaveBeenCalled();
  });

  it('sends a visitor without a context to /welcome', async () => {
    expect(await sandboxGuard(route('/chat/new'), sandboxDeps())).toEqual({
      kind: 'redirect',
      to: '/welcome',
    });
  });

  it('lets a visitor without a context stay on /welcome', async () => {
    expect(await sandboxGuard(route('/welcome'), sandboxDeps())).toEqual({ kind: 'proceed' });
  });

  it('sends a visitor with a context from /welcome to /', async () => {
    const deps = sandboxDeps({ hasSelectedContext: () => true });
    expect(await sandboxGuard(route('/welcome'), deps)).toEqual({ kind: 'redirect', to: '/' });
    expect(await sandboxGuard(route('/chat/new'), deps)).toEqual({ kind: 'proceed' });
  });

  it('runs the setup action at /setup, then judges with the context it selected', async () => {
    let selected = false;
    const deps = sandboxDeps({
      hasSelectedContext: () => selected,
      runSetup: vi.fn(() => {
        selected = true;
        return Promise.resolve();
      }),
    });
    expect(await sandboxGuard(route('/setup'), deps)).toEqual({ kind: 'proceed' });
    expect(deps.runSetup).toHaveBeenCalledOnce();
  });

  it('still redirects to /welcome from /setup when setup found nothing to select', async () => {
    const deps = sandboxDeps();
    expect(await sandboxGuard(route('/setup'), deps)).toEqual({ kind: 'redirect', to: '/welcome' });
    expect(deps.runSetup).toHaveBeenCalledOnce();
  });

  it('runs setup only at /setup', async () => {
    const deps = sandboxDeps({ hasSelectedContext: () => true });
    await sandboxGuard(route('/chat/new'), deps);
    expect(deps.runSetup).not.toHaveBeenCalled();
  });
});

describe('both guards', () => {
  it('stop at the auth guard when it does not proceed', async () => {
    const deps = { ...authDeps({ checkAuth: () => Promise.resolve(false) }), ...sandboxDeps() };
    expect(await runGuards(route('/chat/new'), deps)).toEqual({
      kind: 'leave',
      url: 'https://idp.example.com/authorize',
    });
    expect(deps.isSandbox).not.toHaveBeenCalled();
  });

  it('run the sandbox guard after a successful auth check', async () => {
    const deps = { ...authDeps(), ...sandboxDeps() };
    expect(await runGuards(route('/chat/new'), deps)).toEqual({ kind: 'redirect', to: '/welcome' });
  });
});
