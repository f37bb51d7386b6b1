import type { ClaimNames, HostedAuthConfig } from '../../config/settings/auth.ts';

export type { ClaimNames } from '../../config/settings/auth.ts';
export { defaultClaimNames } from '../../config/settings/auth.ts';

/** What the sign-in flow needs to know about the provider and about us. */
export interface OidcSettings {
  /** The issuer; discovery reads `<issuerUrl>/.well-known/openid-configuration`. */
  issuerUrl: string;
  clientId: string;
  /** Null for a public client (PKCE alone); otherwise sent with HTTP Basic, the standard's default. */
  clientSecret: string | null;
  /** Space-separated scopes asked for; `openid` is always among them. */
  scopes: string;
  /** Where the provider sends the browser back: the public URL's /api/auth/callback. */
  redirectUri: string;
  /** Where the provider's logout sends the browser back: the public URL's /login. */
  postLogoutRedirectUri: string;
  claims: ClaimNames;
  /** A registration page of the provider's own; null to use `prompt=create` when it announces it. */
  signUpUrl: string | null;
  /**
   * Lets the issuer be reached over plain http. openid-client refuses it by default, since tokens
   * would travel in clear; allowed for loopback issuers (a provider on the same machine) unless set.
   */
  allowHttpIssuer?: boolean;
  /** Longest wait for one request to the provider, in seconds. */
  timeoutSeconds?: number;
}

/** The two addresses the provider must have registered for our client, from our public URL. */
export function oidcRedirectUris(publicUrl: string): { redirectUri: string; postLogoutRedirectUri: string } {
  return {
    redirectUri: new URL('/api/auth/callback', publicUrl).href,
    postLogoutRedirectUri: new URL('/login', publicUrl).href,
  };
}

/** The sign-in settings of hosted mode's configuration. */
export function oidcSettingsOf(config: HostedAuthConfig): OidcSettings {
  return { ...config.provider, ...oidcRedirectUris(config.publicUrl) };
}
