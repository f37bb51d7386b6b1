import type { IncomingHttpHeaders } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import type { ApiKeyScope } from '@querent/contracts';
import type { AppConfig } from '../config/load-config.ts';
import type { HostedAuthConfig } from '../config/settings/auth.ts';
import { findUser } from '../modules/users/find-user.ts';
import type { User } from '../modules/users/user.ts';
import type { StoreDb } from '../store/connect.ts';
import { LOCAL_ADMIN_ID } from './local-admin.ts';
import { createSessionUserResolver } from './sessions/session-user-resolver.ts';

/** What both an HTTP request and a socket handshake can offer to prove who is asking. */
export interface Credentials {
  headers: IncomingHttpHeaders;
  cookies: Record<string, string | undefined>;
}

/** Who is asking, and through which signed-in session (null where there is no sign-in: local mode). */
export interface Caller {
  user: User;
  sessionId: string | null;
}

/** What a Bearer token stands for: an API key, or an app's OAuth grant, with its scopes. */
export interface Grant {
  kind: 'api_key' | 'oauth';
  id: string;
  scopes: readonly ApiKeyScope[];
}

/**
 * Who a Bearer token acts as (their `user` marked `delegated`, so the policy caps them), or why
 * it is refused, in words for the 401.
 */
export type BearerResolution = { caller: Caller; grant: Grant } | { refused: string };
export type ResolveBearer = (token: string) => Promise<BearerResolution>;

/** The token of an `Authorization: Bearer <token>` header; null without one. */
export function bearerTokenOf(headers: IncomingHttpHeaders): string | null {
  const value = headers.authorization;
  if (typeof value !== 'string') return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(value);
  return match?.[1] ?? null;
}

export type ResolveCaller = (credentials: Credentials) => Promise<Caller | null>;
export type ResolveUser = (credentials: Credentials) => Promise<User | null>;

export interface AuthResolver {
  mode: AppConfig['authMode'];
  resolveCaller: ResolveCaller;
  resolveUser: ResolveUser;
}

export function cookiesFromHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return headers.cookie ? fastifyCookie.parse(headers.cookie) : {};
}

const withoutSession = (user: User | null): Caller | null => (user ? { user, sessionId: null } : null);

/**
 * The one place that decides who is asking, shared by HTTP and Socket.IO. Each mode is one
 * strategy: local mode's administrator, or the hosted mode's session cookie looked up in the store.
 */
export function createAuthResolver(deps: {
  mode: AppConfig['authMode'];
  db: StoreDb;
  /** Hosted mode's address and session lifetimes; null in local mode. */
  hosted: HostedAuthConfig | null;
  /** The clock sessions are judged by; tests move it instead of waiting. */
  now?: (() => Date) | undefined;
  /** Tests only (BuildAppOptions, never the environment): the header naming the user of a request. */
  testUserHeader?: string | undefined;
}): AuthResolver {
  const { hosted } = deps;
  const modeStrategy: ResolveCaller =
    hosted === null
      ? // Everyone who can reach a local instance is its administrator; there is no sign-in.
        async () => withoutSession(await findUser(deps.db, LOCAL_ADMIN_ID))
      : createSessionUserResolver({
          db: deps.db,
          policy: hosted.sessions,
          publicUrl: hosted.publicUrl,
          ...(deps.now ? { now: deps.now } : {}),
        });
  const header = deps.testUserHeader?.toLowerCase();
  // Suites acting as several users go through this same resolver for HTTP and sockets alike.
  const resolveCaller: ResolveCaller =
    header === undefined
      ? modeStrategy
      : async (credentials) => {
          const id = credentials.headers[header];
          if (typeof id !== 'string') return modeStrategy(credentials);
          return withoutSession(await findUser(deps.db, id));
        };
  return {
    mode: deps.mode,
    resolveCaller,
    resolveUser: async (credentials) => (await resolveCaller(credentials))?.user ?? null,
  };
}
