/**
 * The little a headless browser needs to keep a sign-in going across redirects: cookies by name
 * for one host. Paths and expiry dates are ignored on purpose, since the provider's cookies only
 * need to reach the provider again; a cookie set to an empty value or with Max-Age=0 is dropped,
 * which is how a server deletes one.
 */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  /** Keeps what the response's Set-Cookie headers say. */
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const equals = pair.indexOf('=');
      if (equals <= 0) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      const deleted = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (value === '' || deleted) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  /** Puts a cookie in by hand, as a browser still holding an old one would send it. */
  set(name: string, value: string): void {
    this.#cookies.set(name, value);
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  /** The Cookie request header, or undefined when the jar is empty. */
  header(): string | undefined {
    if (this.#cookies.size === 0) return undefined;
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
