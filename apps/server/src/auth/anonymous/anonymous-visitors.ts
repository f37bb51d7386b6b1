import type { AnonymousAccessConfig } from '../../config/settings/auth.ts';
import { AppError } from '../../errors.ts';
import { isVisitor } from '../../modules/access/person-roles.ts';
import { createAnonymousUser } from '../../modules/users/anonymous-users.ts';
import { findUser } from '../../modules/users/find-user.ts';
import type { MinuteLimit } from '../../rate-limit/minute-limit.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { AuthCookie } from '../auth-cookies.ts';
import { authCookie, readAuthCookie } from '../auth-cookies.ts';
import type { Caller, Credentials } from '../resolve-user.ts';
import { createSession } from '../sessions/create-session.ts';
import type { SessionPolicy } from '../sessions/session-policy.ts';
import { sessionIdOf } from '../sessions/session-token.ts';
import { findSession } from '../sessions/sessions.repo.ts';

/** Who arrives without a session, as far as a new identity needs to know. */
export interface Visitor {
  credentials: Credentials;
  ip: string;
  userAgent: string | null;
}

/** A new anonymous identity: who is now asking, and the session cookie that keeps them so. */
export interface AdmittedVisitor {
  caller: Caller;
  cookie: AuthCookie;
}

export interface AnonymousVisitors {
  /**
   * A new anonymous identity for a visitor without a live session; null when they should sign in
   * instead (their browser's session was a signed-in person's, now over: they are asked to sign
   * in again rather than quietly turned into a stranger).
   */
  admit(visitor: Visitor): Promise<AdmittedVisitor | null>;
}

export interface AnonymousVisitorDeps {
  db: StoreDb;
  publicUrl: string;
  anonymous: AnonymousAccessConfig;
  /** The signed-in sessions' lifetimes; a visitor's ends sooner, with their retention. */
  policy: SessionPolicy;
  /** How many new identities one address may be given per minute. */
  newVisitorsPerAddress: MinuteLimit;
  now?: (() => Date) | undefined;
}

/**
 * The anonymous sandbox's door: a visitor who comes without a session gets an anonymous user and
 * a session that ends when their retention period does (the cleanup then removes what they made).
 */
export function createAnonymousVisitors(deps: AnonymousVisitorDeps): AnonymousVisitors {
  const now = () => deps.now?.() ?? new Date();
  const policy: SessionPolicy = {
    idleTimeoutMs: Math.min(deps.policy.idleTimeoutMs, deps.anonymous.retentionMs),
    absoluteTimeoutMs: deps.anonymous.retentionMs,
  };

  async function wasSignedIn(credentials: Credentials): Promise<boolean> {
    const token = readAuthCookie('session', deps.publicUrl, credentials.cookies);
    if (token === null) return false;
    const session = await findSession(deps.db, sessionIdOf(token));
    if (session === null) return false;
    const user = await findUser(deps.db, session.userId);
    return user !== null && !isVisitor(user);
  }

  return {
    async admit(visitor) {
      if (await wasSignedIn(visitor.credentials)) return null;
      // Each new identity is a row in the store: one address may not mint them without end.
      const taken = await deps.newVisitorsPerAddress.take(visitor.ip);
      if (!taken.allowed) {
        throw new AppError(
          'RATE_LIMITED',
          `Too many new visitors from your address. Try again in ${taken.retryAfterSeconds} seconds.`,
        );
      }
      const user = await createAnonymousUser(deps.db, now());
      const created = await createSession(
        { db: deps.db, policy, now },
        { userId: user.id, userAgent: visitor.userAgent, ip: visitor.ip },
      );
      return {
        caller: { user, sessionId: created.session.id },
        cookie: authCookie('session', deps.publicUrl, created.token, created.maxAgeSeconds),
      };
    },
  };
}
