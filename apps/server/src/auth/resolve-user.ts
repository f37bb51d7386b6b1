import type { IncomingHttpHeaders } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import type { AppConfig } from '../env.ts';
import { findUserById } from '../modules/users/users.repo.ts';
import type { User } from '../modules/users/users.repo.ts';
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
export function createAuthResolver(deps: { mode: AppConfig['authMode']; db: StoreDb }): AuthResolver {
  const strategies: Record<AppConfig['authMode'], ResolveUser> = {
    // Everyone who can reach a local instance is its administrator; there is no sign-in.
    local: () => findUserById(deps.db, LOCAL_ADMIN_ID),
  };
  return { mode: deps.mode, resolveUser: strategies[deps.mode] };
}
