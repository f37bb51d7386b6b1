import type { OidcProfile } from '../../modules/users/upsert-oidc-user.ts';
import type { ClaimNames } from './oidc-settings.ts';

type Claims = Readonly<Record<string, unknown>>;

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Some providers send booleans as the strings "true" and "false". */
function flag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  return value === 'true' ? true : value === 'false' ? false : null;
}

/**
 * Providers shape an organisation claim differently: a name, a list of names (the first counts),
 * or an object keyed by name (Keycloak's organization claim).
 */
function organizationName(value: unknown): string | null {
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === 'object' && value !== null) return text(Object.keys(value)[0]);
  return text(value);
}

/** What we keep of a person from the provider's claims (ID token and userinfo together). */
export function readProfile(issuer: string, claims: Claims, names: ClaimNames): OidcProfile {
  const subject = claims.sub;
  if (typeof subject !== 'string' || subject === '') {
    throw new Error('The ID token has no subject, which the ID token checks rule out');
  }
  return {
    issuer,
    subject,
    email: text(claims[names.email]),
    emailVerified: flag(claims.email_verified),
    firstName: text(claims[names.givenName]),
    lastName: text(claims[names.familyName]),
    pictureUrl: text(claims[names.picture]),
    ...(names.organization === null ? {} : { organization: organizationName(claims[names.organization]) }),
  };
}
