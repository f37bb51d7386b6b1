import type { HostedAuthConfig } from '../../config/settings/auth.ts';
import type { MoveOwnedObjects } from '../../modules/users/move-to-organization.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { CompletedSignIn, CompleteSignInInput, HostedSignInDeps } from './complete-sign-in.ts';
import { completeSignIn } from './complete-sign-in.ts';
import { createOidcIssuer } from './oidc-issuer.ts';
import { oidcSettingsOf } from './oidc-settings.ts';
import { signOut } from './sign-out.ts';
import type { StartedSignIn, StartSignInInput } from './start-sign-in.ts';
import { startSignIn } from './start-sign-in.ts';

/** The sign-in use cases of one instance, bound to its provider (discovered once) and its store. */
export interface HostedSignIn {
  startSignIn(input: StartSignInInput): Promise<StartedSignIn>;
  completeSignIn(input: CompleteSignInInput): Promise<CompletedSignIn>;
  signOut(input: { sessionToken: string | null }): Promise<{ logoutUrl: string | null }>;
}

export function createHostedSignIn(deps: {
  db: StoreDb;
  config: HostedAuthConfig;
  moveOwnedObjects: MoveOwnedObjects;
  now?: (() => Date) | undefined;
}): HostedSignIn {
  const signInDeps: HostedSignInDeps = {
    db: deps.db,
    issuer: createOidcIssuer(oidcSettingsOf(deps.config)),
    policy: deps.config.sessions,
    adminEmails: deps.config.adminEmails,
    moveOwnedObjects: deps.moveOwnedObjects,
    ...(deps.now ? { now: deps.now } : {}),
  };
  return {
    startSignIn: (input) => startSignIn(signInDeps, input),
    completeSignIn: (input) => completeSignIn(signInDeps, input),
    signOut: (input) => signOut(signInDeps, input),
  };
}
