import type { StoreDb } from '../../store/connect.ts';
import type { OidcIssuer } from './oidc-issuer.ts';

/** What the sign-in use cases work with. */
export interface OidcDeps {
  db: StoreDb;
  issuer: OidcIssuer;
  /** The clock; tests move it instead of waiting. */
  now?: () => Date;
}

/** How long a sign-in may stay at the provider's pages before its callback is refused. */
export const signInAttemptTtlMs = 10 * 60 * 1000;
