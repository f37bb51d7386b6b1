import {
  accept,
  flag,
  integer,
  oneOf,
  type Reading,
  refuse,
  secret,
  setting,
  text,
  url,
} from '../setting.ts';
import { defineSettings, type SettingValues } from '../setting-group.ts';

/* Who may use the app: the local administrator alone, or people signed in through an OpenID Connect provider. */

export const authModes = ['local', 'oidc'] as const;
export type AuthMode = (typeof authModes)[number];

const hour = 60 * 60 * 1000;

/** Which claims carry what we keep of a person; providers differ, so each name can be changed. */
export interface ClaimNames {
  email: string;
  givenName: string;
  familyName: string;
  picture: string;
  /** The organisation claim; null to leave organisations alone at sign-in. */
  organization: string | null;
}

/** The standard claims of OpenID Connect, and no organisation claim. */
export const defaultClaimNames: ClaimNames = {
  email: 'email',
  givenName: 'given_name',
  familyName: 'family_name',
  picture: 'picture',
  organization: null,
};

/** The provider as configured: where to find it, who we are to it, what to ask and read. */
export interface ProviderConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string | null;
  scopes: string;
  claims: ClaimNames;
  signUpUrl: string | null;
}

/** What hosted mode (AUTH_MODE=oidc) runs with; null in local mode. */
export interface HostedAuthConfig {
  /** The app's external origin, e.g. https://querent.example.com: cookies, redirects and the same-origin rule follow it. */
  publicUrl: string;
  provider: ProviderConfig;
  /** Lower-cased emails whose owners become administrators at sign-in. */
  adminEmails: readonly string[];
  sessions: { idleTimeoutMs: number; absoluteTimeoutMs: number };
  /** Requests one address may make per minute to the sign-in endpoints. */
  signInRateLimit: number;
  /** The anonymous sandbox for visitors without a session; null when it is off. */
  anonymous: AnonymousAccessConfig | null;
}

/** What the anonymous sandbox (ANONYMOUS_ACCESS=true) runs with. */
export interface AnonymousAccessConfig {
  /** A visitor, their session and everything they made are removed this long after they arrived. */
  retentionMs: number;
  /** Questions and SQL statements one visitor may send per minute. */
  asksPerMinute: number;
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

// Tokens travel between us and the provider: plain http is only safe when both are on this machine.
function httpsUnlessLoopback(parsed: URL): string | null {
  return parsed.protocol === 'http:' && !loopbackHosts.has(parsed.hostname)
    ? 'must be an https:// URL (http:// only for a provider on this machine: localhost or 127.0.0.1)'
    : null;
}

// Cookies take the `__Host-` prefix, which needs Path=/, so the app must be served at the root.
function originOnly(parsed: URL): string | null {
  const extra = parsed.pathname !== '/' || parsed.search || parsed.hash || parsed.username || parsed.password;
  return extra
    ? `must be the app's scheme, host and port only, e.g. ${parsed.origin} (Querent is served at the root of its address)`
    : null;
}

function readEmails(value: string): Reading<readonly string[]> {
  const emails = value
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email !== '');
  const bad = emails.find((email) => !/^[^@\s]+@[^@\s]+$/.test(email));
  return bad === undefined
    ? accept(emails)
    : refuse(`must be a comma-separated list of emails ("${bad}" is not one)`);
}

// A claim name the provider puts in its tokens: one word, possibly a URL-like namespaced name.
function readClaimName(value: string): Reading<string> {
  return /^\S+$/.test(value) ? accept(value) : refuse('must be one claim name, without spaces');
}

function claim(name: string, fallback: string, what: string) {
  return setting({
    name,
    default: fallback,
    read: readClaimName,
    description: `Claim holding the user's ${what}.`,
  });
}

const settings = {
  authMode: oneOf({
    name: 'AUTH_MODE',
    values: authModes,
    default: 'local',
    description:
      'local: one local administrator, no sign-in. oidc: hosted mode, people sign in through an OpenID Connect provider (see Hosted mode).',
  }),
  publicUrl: url({
    name: 'PUBLIC_URL',
    protocols: ['http:', 'https:'],
    message: 'must be an http:// or https:// URL',
    check: originOnly,
    description:
      "The app's external address, e.g. https://querent.example.com; required when AUTH_MODE=oidc. The provider sends people back to PUBLIC_URL/api/auth/callback; over https the cookies are Secure with the __Host- prefix; requests that change data from any other origin are refused.",
  }),
  issuerUrl: url({
    name: 'OIDC_ISSUER_URL',
    protocols: ['http:', 'https:'],
    message: 'must be an https:// URL',
    check: httpsUnlessLoopback,
    description:
      "The provider's issuer, whose /.well-known/openid-configuration is read, e.g. https://keycloak.example.com/realms/acme; required when AUTH_MODE=oidc.",
  }),
  clientId: text({
    name: 'OIDC_CLIENT_ID',
    description: "Querent's client id at the provider; required when AUTH_MODE=oidc.",
  }),
  clientSecret: secret(
    text({
      name: 'OIDC_CLIENT_SECRET',
      description:
        "Querent's client secret at the provider. Unset: a public client, protected by PKCE alone.",
    }),
  ),
  scopes: setting({
    name: 'OIDC_SCOPES',
    default: 'openid email profile',
    read: (value) => {
      const scopes = value.split(/\s+/);
      return scopes.includes('openid')
        ? accept(scopes.join(' '))
        : refuse('must be space-separated scopes including openid');
    },
    description:
      'Space-separated scopes asked for at sign-in; add the one that releases the organisation claim if the provider needs it.',
  }),
  emailClaim: claim('OIDC_EMAIL_CLAIM', defaultClaimNames.email, 'email'),
  givenNameClaim: claim('OIDC_GIVEN_NAME_CLAIM', defaultClaimNames.givenName, 'first name'),
  familyNameClaim: claim('OIDC_FAMILY_NAME_CLAIM', defaultClaimNames.familyName, 'last name'),
  pictureClaim: claim('OIDC_PICTURE_CLAIM', defaultClaimNames.picture, 'picture URL'),
  organizationClaim: setting({
    name: 'OIDC_ORGANIZATION_CLAIM',
    default: null,
    read: readClaimName,
    description:
      "Claim naming the user's organisation (a name, a list whose first name counts, or Keycloak's organization object); an organisation is created the first time its name is seen. Unset: sign-in leaves organisations alone.",
  }),
  signUpUrl: url({
    name: 'OIDC_SIGNUP_URL',
    protocols: ['http:', 'https:'],
    message: 'must be an http:// or https:// URL',
    description:
      "The provider's registration page. Unset: sign-up asks the provider for its own (prompt=create) when it announces one, otherwise opens its sign-in page.",
  }),
  adminEmails: setting({
    name: 'ADMIN_EMAILS',
    default: [] as readonly string[],
    shownDefault: '(none)',
    read: readEmails,
    description:
      'Comma-separated emails of people who become administrators when they sign in (if the provider has not marked the email unverified). The first person ever to sign in is one too.',
  }),
  idleHours: integer({
    name: 'SESSION_IDLE_TIMEOUT_HOURS',
    min: 1,
    max: 24 * 365,
    default: 7 * 24,
    description: 'A signed-in session unused for this many hours ends.',
  }),
  absoluteHours: integer({
    name: 'SESSION_ABSOLUTE_TIMEOUT_HOURS',
    min: 1,
    max: 24 * 365,
    default: 30 * 24,
    description: 'A signed-in session ends this many hours after sign-in, however active.',
  }),
  signInRateLimit: integer({
    name: 'AUTH_RATE_LIMIT',
    min: 1,
    max: 100000,
    default: 60,
    description:
      'Requests one address may make per minute to each sign-in endpoint (GET /api/auth and its callback, the OAuth endpoints MCP apps sign in through, and their consent step) in hosted mode; more are answered 429. Counted across instances in Redis when REDIS_URL is set, else by each instance.',
  }),
  anonymousAccess: flag({
    name: 'ANONYMOUS_ACCESS',
    default: false,
    description:
      'Hosted mode only. true: a visitor without a session gets an anonymous identity and may use public databases (only those, always read-only), until they sign in; nothing they make is kept past ANONYMOUS_RETENTION_HOURS.',
  }),
  anonymousRetentionHours: integer({
    name: 'ANONYMOUS_RETENTION_HOURS',
    min: 1,
    max: 24 * 365,
    default: 24,
    description:
      "An anonymous visitor's session ends this many hours after they arrived, and a periodic cleanup (run by one instance at a time) then removes them with their conversations and queries.",
  }),
  anonymousAsksPerMinute: integer({
    name: 'ANONYMOUS_ASKS_PER_MINUTE',
    min: 1,
    max: 10000,
    default: 10,
    description:
      'Questions, SQL statements and query runs one anonymous visitor may send per minute; more are refused with a 429 error (RATE_LIMITED). Counted across instances in Redis when REDIS_URL is set, else by each instance.',
  }),
};

type AuthValues = SettingValues<typeof settings>;

function hostedConfig(values: AuthValues, report: (problem: string) => void): HostedAuthConfig | null {
  const required = [
    ['OIDC_ISSUER_URL', values.issuerUrl],
    ['OIDC_CLIENT_ID', values.clientId],
    ['PUBLIC_URL', values.publicUrl],
  ] as const;
  for (const [name, value] of required) {
    if (value === null) report(`${name} is required when AUTH_MODE=oidc`);
  }
  if (values.idleHours > values.absoluteHours) {
    report('SESSION_IDLE_TIMEOUT_HOURS must not be more than SESSION_ABSOLUTE_TIMEOUT_HOURS');
  }
  const { issuerUrl, clientId, publicUrl } = values;
  if (issuerUrl === null || clientId === null || publicUrl === null) return null;
  const origin = new URL(publicUrl).origin;
  return {
    publicUrl: origin,
    provider: {
      issuerUrl,
      clientId,
      clientSecret: values.clientSecret,
      scopes: values.scopes,
      claims: {
        email: values.emailClaim,
        givenName: values.givenNameClaim,
        familyName: values.familyNameClaim,
        picture: values.pictureClaim,
        organization: values.organizationClaim,
      },
      signUpUrl: values.signUpUrl,
    },
    adminEmails: values.adminEmails,
    sessions: { idleTimeoutMs: values.idleHours * hour, absoluteTimeoutMs: values.absoluteHours * hour },
    signInRateLimit: values.signInRateLimit,
    anonymous: values.anonymousAccess
      ? { retentionMs: values.anonymousRetentionHours * hour, asksPerMinute: values.anonymousAsksPerMinute }
      : null,
  };
}

/** Local mode reads none of the hosted variables; hosted mode needs its provider and address. */
export const authSettings = defineSettings(settings, (values, { report }) => {
  // Everyone who reaches a local instance is its administrator: there is nobody to be anonymous.
  if (values.anonymousAccess && values.authMode !== 'oidc') {
    report('ANONYMOUS_ACCESS=true needs AUTH_MODE=oidc (local mode has no sign-in and no visitors)');
  }
  return {
    authMode: values.authMode,
    hostedAuth: values.authMode === 'oidc' ? hostedConfig(values, report) : null,
  };
});
