import { CookieJar } from './cookie-jar.ts';
import type { ProviderBrowser } from './provider-browser.ts';
import { createProviderBrowser } from './provider-browser.ts';

/** Where a walk through the app's pages stopped. */
export type Stop = { kind: 'page'; url: URL; status: number; html: string } | { kind: 'left'; url: URL };

/**
 * A headless browser for an MCP client's authorization at hosted Querent: it follows the app's
 * redirects with the app's cookies, signs in at the test provider when the app sends it there
 * (with the provider's own cookies), and stops at a page the app shows (the consent page) or at
 * the first redirect that leaves both (the app's redirect URI, carrying the code).
 */
export function createOauthAppBrowser(appOrigin: string, providerOrigin: string) {
  const jar = new CookieJar();
  const provider: ProviderBrowser = createProviderBrowser();

  async function request(url: URL, form?: URLSearchParams): Promise<Response> {
    const headers: Record<string, string> = {};
    const cookie = jar.header();
    if (cookie !== undefined) headers.cookie = cookie;
    // A browser names the page a form was sent from.
    if (form) headers.origin = appOrigin;
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers,
      ...(form ? { body: form } : {}),
    });
    jar.store(response);
    return response;
  }

  async function walk(start: URL, form?: URLSearchParams, login = 'alice'): Promise<Stop> {
    let response = await request(start, form);
    let current = start;
    for (let step = 0; step < 16; step += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        return { kind: 'page', url: current, status: response.status, html: await response.text() };
      }
      const next = new URL(location, current);
      if (next.origin === providerOrigin) {
        // The company's provider: its login and consent pages, back to the app's callback.
        current = await provider.signIn(next, login);
        response = await request(current);
        continue;
      }
      if (next.origin !== appOrigin) return { kind: 'left', url: next };
      current = next;
      response = await request(next);
    }
    throw new Error('The app kept the browser going round in circles');
  }

  return {
    jar,
    /** A request of the app's own pages or API with this browser's cookies (its session). */
    request: (path: string, method = 'GET') => {
      const headers: Record<string, string> = { origin: appOrigin };
      const cookie = jar.header();
      if (cookie !== undefined) headers.cookie = cookie;
      return fetch(new URL(path, appOrigin), { method, headers, redirect: 'manual' });
    },
    /** Opens an address (an authorization URL) and walks on from there. */
    open: (url: URL | string, login?: string) => walk(new URL(url), undefined, login),
    /** Sends the consent page's form: `decision` allow or deny, and the scopes left ticked. */
    answerConsent: (page: URL, answer: { decision: 'allow' | 'deny'; scopes: string[] }) => {
      const form = new URLSearchParams({ decision: answer.decision });
      for (const scope of answer.scopes) form.append('scope', scope);
      return walk(page, form);
    },
  };
}
