import { upsertOidcUser } from '../../modules/users/upsert-oidc-user.ts';
import type { MoveOwnedObjects } from '../../modules/users/move-to-organization.ts';
import type { User } from '../../modules/users/user.ts';
import type { CreatedSession } from '../sessions/create-session.ts';
import { createSession } from '../sessions/create-session.ts';
import type { SessionPolicy } from '../sessions/session-policy.ts';
import type { FinishSignInInput } from './finish-sign-in.ts';
import { finishSignIn } from './finish-sign-in.ts';
import type { OidcDeps } from './oidc-deps.ts';

export interface HostedSignInDeps extends OidcDeps {
  policy: SessionPolicy;
  /** Emails whose owners are administrators. */
  adminEmails: readonly string[];
  /** Moves what a person owns along when the organisation claim moves them. */
  moveOwnedObjects: MoveOwnedObjects;
}

export interface CompleteSignInInput extends FinishSignInInput {
  /** Of the browser signing in, for the user's list of sessions. */
  userAgent?: string | null;
  ip?: string | null;
}

export interface CompletedSignIn extends CreatedSession {
  user: User;
  /** The app path to open now ("/" when the sign-in started without one). */
  returnTo: string;
}

/** The callback's whole job: finish the sign-in, create or refresh the user, open a new session. */
export async function completeSignIn(
  deps: HostedSignInDeps,
  input: CompleteSignInInput,
): Promise<CompletedSignIn> {
  const finished = await finishSignIn(deps, input);
  const user = await upsertOidcUser(deps, { profile: finished.profile, adminEmails: deps.adminEmails });
  const created = await createSession(deps, {
    userId: user.id,
    idToken: finished.idToken,
    userAgent: input.userAgent ?? null,
    ip: input.ip ?? null,
  });
  return { ...created, user, returnTo: finished.returnTo ?? '/' };
}
