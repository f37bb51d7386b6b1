import type { IncomingHttpHeaders } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import type { AppConfig } from '../config/load-config.ts';
import { findUser } from '../modules/users/find-user.ts';
import type { User } from '../modules/users/user.ts';
import type { StoreDb } from '../store/connect.ts';
import { LOCAL_ADMIN_ID } from './local-admin.ts';

/** What both an HTTP request and a socket handshake can offer to prove who is asking. */
export interface Credentials {
  headers: IncomingHttpHeaders;
  cookies: Record<string, string | undefined>;
}

export type ResolveUser = (credentials: Credentials) => Promise<User | null>;

export interface AuthResolver {
  mode: AppConfig['authMode'];
  resolveUser: ResolveUser;
}

export function cookiesFromHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return headers.cookie ? fastifyCookie.parse(headers.cookie) : {};
}

/**
 * The one place that decides who is asking, shared by HTTP and Socket.IO. Each mode is one
 * strategy; the hosted mode will add one that looks the session cookie up in `sessions`.
 */
export function createAuthResolver(deps: {
  mode: AppConfig['authMode'];
  db: StoreDb;
  /** Tests only (BuildAppOptions, never the environment): the header naming the user of a request. */
  testUserHeader?: string | undefined;
}): AuthResolver {
  const strategies: Record<AppConfig['authMode'], ResolveUser> = {
    // Everyone who can reach a local instance is its administrator; there is no sign-in.
    local: () => findUser(deps.db, LOCAL_ADMIN_ID),
  };
  const modeStrategy = strategies[deps.mode];
  const header = deps.testUserHeader?.toLowerCase();
  if (header === undefined) return { mode: deps.mode, resolveUser: modeStrategy };
  // Suites acting as several users go through this same resolver for HTTP and sockets alike.
  const resolveUser: ResolveUser = (credentials) => {
    const id = credentials.headers[header];
    return typeof id === 'string' ? findUser(deps.db, id) : modeStrategy(credentials);
  };
  return { mode: deps.mode, resolveUser };
}
