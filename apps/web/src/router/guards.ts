import type { RouteMeta } from './route-meta.ts';

/** The route being entered, as the guards see it. */
export interface GuardTarget {
  path: string;
  meta: RouteMeta;
}

export type GuardOutcome =
  | { kind: 'proceed' }
  /** Navigate inside the app instead. */
  | { kind: 'redirect'; to: string }
  /** Leave the app for this address (sign-in). */
  | { kind: 'leave'; url: string };

const proceed: GuardOutcome = { kind: 'proceed' };

export interface AuthGuardDeps {
  isAuthenticated: () => boolean;
  /** Fetches the user; true when that makes them authenticated. */
  checkAuth: () => Promise<boolean>;
  /** The sign-in address from the auth helper (authorization URL, else /login). */
  loginUrl: () => Promise<string>;
  refreshDatabases: () => Promise<void>;
}

/** The first navigation guard (sign-in) — see docs/BEHAVIOUR.md. */
export async function authGuard(target: GuardTarget, deps: AuthGuardDeps): Promise<GuardOutcome> {
  if (target.meta.guestOnly) return proceed;
  if (deps.isAuthenticated()) return proceed;
  if (!(await deps.checkAuth())) return { kind: 'leave', url: await deps.loginUrl() };
  await deps.refreshDatabases();
  return proceed;
}

export const WELCOME_PATH = '/welcome';
export const SETUP_PATH = '/setup';

export interface SandboxGuardDeps {
  /** True for the anonymous sandbox visitor, the only visitor this guard acts for. */
  isSandbox: () => boolean;
  hasSelectedContext: () => boolean;
  /** The /setup action: make sure databases are loaded and select the first one. */
  runSetup: () => Promise<void>;
}

/**
 * The second navigation guard (sandbox) — see docs/BEHAVIOUR.md. The setup action runs before the
 * context checks so that /setup can give a fresh visitor a context instead of bouncing them to
 * /welcome.
 */
export async function sandboxGuard(target: GuardTarget, deps: SandboxGuardDeps): Promise<GuardOutcome> {
  if (!deps.isSandbox()) return proceed;
  if (target.path === SETUP_PATH) await deps.runSetup();
  const hasContext = deps.hasSelectedContext();
  if (!hasContext && target.path !== WELCOME_PATH) return { kind: 'redirect', to: WELCOME_PATH };
  if (hasContext && target.path === WELCOME_PATH) return { kind: 'redirect', to: '/' };
  return proceed;
}

/** Both guards in order; the first that does not proceed decides. */
export async function runGuards(
  target: GuardTarget,
  deps: AuthGuardDeps & SandboxGuardDeps,
): Promise<GuardOutcome> {
  const auth = await authGuard(target, deps);
  if (auth.kind !== 'proceed') return auth;
  return sandboxGuard(target, deps);
}
