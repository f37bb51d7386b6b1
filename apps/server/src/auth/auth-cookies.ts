/**
 * The cookies of hosted sign-in: `session` holds the session token, `sign-in` the state of a
 * sign-in under way (so its callback is accepted only in the browser that started it).
 *
 * Both are HttpOnly (scripts never see them), SameSite=Lax (sent when the provider redirects the
 * browser back, not on cross-site posts) and Path=/. Over https they are Secure and take the
 * `__Host-` prefix, which browsers honour only for Secure, host-only, Path=/ cookies, so no
 * subdomain or plain-http page can plant or overwrite them; over http (a laptop) neither applies.
 */
export type AuthCookieKind = 'session' | 'sign-in';

export interface AuthCookieOptions {
  httpOnly: true;
  sameSite: 'lax';
  path: '/';
  secure: boolean;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
}

/** What `reply.setCookie(name, value, options)` takes. */
export interface AuthCookie {
  name: string;
  value: string;
  options: AuthCookieOptions;
}

const baseNames: Record<AuthCookieKind, string> = {
  session: 'querent_session',
  'sign-in': 'querent_sign_in',
};

function isHttps(publicUrl: string): boolean {
  return new URL(publicUrl).protocol === 'https:';
}

export function authCookieName(kind: AuthCookieKind, publicUrl: string): string {
  return isHttps(publicUrl) ? `__Host-${baseNames[kind]}` : baseNames[kind];
}

export function authCookie(
  kind: AuthCookieKind,
  publicUrl: string,
  value: string,
  maxAgeSeconds: number,
): AuthCookie {
  return {
    name: authCookieName(kind, publicUrl),
    value,
    options: {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: isHttps(publicUrl),
      maxAge: maxAgeSeconds,
    },
  };
}

/** Deletes the cookie from the browser. */
export function clearedAuthCookie(kind: AuthCookieKind, publicUrl: string): AuthCookie {
  return authCookie(kind, publicUrl, '', 0);
}

export function readAuthCookie(
  kind: AuthCookieKind,
  publicUrl: string,
  cookies: Readonly<Record<string, string | undefined>>,
): string | null {
  const value = cookies[authCookieName(kind, publicUrl)];
  return value === undefined || value === '' ? null : value;
}
