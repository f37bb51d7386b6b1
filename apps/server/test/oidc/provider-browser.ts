import { CookieJar } from './cookie-jar.ts';

/**
 * A headless browser for the test provider's own pages, over plain HTTP: it follows redirects by
 * hand, keeps cookies, and fills the login, consent and logout forms the way a person would. It
 * stops at the first redirect that leaves the provider, which is where the relying party's
 * callback (or post-logout page) would load, and hands that address back unopened.
 */
export interface ProviderBrowser {
  jar: CookieJar;
  /** Signs in as `login` (any password) and consents; answers the callback URL the provider sent back. */
  signIn(authorizationUrl: string | URL, login: string): Promise<URL>;
  /**
   * Follows the provider's redirects to the first page it shows and answers its HTML; null when
   * it shows none and sends the browser straight back (a person already signed in there).
   */
  page(url: string | URL): Promise<string | null>;
  /** Cancels at the provider's first page ("abort"); answers the callback URL carrying the error. */
  cancel(authorizationUrl: string | URL): Promise<URL>;
  /** Confirms the provider's logout page; answers where the provider sent the browser next. */
  signOut(endSessionUrl: string | URL): Promise<URL>;
}

interface HtmlForm {
  action: string;
  fields: Record<string, string>;
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#x27': "'",
  '#x2F': '/',
};

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27|#x2F);/g, (_match, name: string) => entities[name] ?? '');
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1] === undefined ? undefined : unescapeHtml(match[1]);
}

/** The page's first form: its action, its hidden fields, and empty text fields by name. */
function readForm(html: string, pageUrl: string): HtmlForm | null {
  const formTag = /<form\b[^>]*>/i.exec(html);
  if (!formTag) return null;
  const end = html.indexOf('</form>', formTag.index);
  const body = html.slice(formTag.index, end === -1 ? undefined : end);
  const fields: Record<string, string> = {};
  for (const [input] of body.matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(input, 'name');
    if (name !== undefined) fields[name] = attribute(input, 'value') ?? '';
  }
  return { action: new URL(attribute(formTag[0], 'action') ?? pageUrl, pageUrl).href, fields };
}

export function createProviderBrowser(): ProviderBrowser {
  const jar = new CookieJar();

  async function request(url: string, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = {};
    const cookie = jar.header();
    if (cookie !== undefined) headers.cookie = cookie;
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers,
      ...(form ? { body: new URLSearchParams(form) } : {}),
    });
    jar.store(response);
    return response;
  }

  /**
   * Walks redirects and pages on the provider until it redirects elsewhere; `act` says what to
   * send from each page with a form: the request to make next.
   */
  async function walk(
    start: string | URL,
    act: (form: HtmlForm, pageUrl: string) => { url: string; form?: Record<string, string> },
  ): Promise<URL> {
    const origin = new URL(start).origin;
    let response = await request(new URL(start).href);
    for (let step = 0; step < 12; step += 1) {
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, response.url || origin);
        if (next.origin !== origin) return next;
        response = await request(next.href);
        continue;
      }
      const html = await response.text();
      const pageUrl = response.url || origin;
      const form = response.ok ? readForm(html, pageUrl) : null;
      if (!form)
        throw new Error(`The provider answered ${response.status} with no form: ${html.slice(0, 400)}`);
      const next = act(form, pageUrl);
      response = await request(next.url, next.form);
    }
    throw new Error('The provider kept the browser going round in circles');
  }

  async function page(url: string | URL): Promise<string | null> {
    const { origin } = new URL(url);
    let response = await request(new URL(url).href);
    for (let step = 0; step < 12 && response.status >= 300 && response.status < 400; step += 1) {
      const next = new URL(response.headers.get('location') ?? '', response.url);
      if (next.origin !== origin) return null;
      response = await request(next.href);
    }
    return response.text();
  }

  return {
    jar,
    page,
    signIn: (authorizationUrl, login) =>
      walk(authorizationUrl, (form) => ({
        url: form.action,
        form: 'login' in form.fields ? { ...form.fields, login, password: 'any password' } : form.fields,
      })),
    // The development pages offer "abort" as a link beside the form, at <page>/abort.
    cancel: (authorizationUrl) => walk(authorizationUrl, (_form, pageUrl) => ({ url: `${pageUrl}/abort` })),
    signOut: (endSessionUrl) =>
      walk(endSessionUrl, (form) => ({ url: form.action, form: { ...form.fields, logout: 'yes' } })),
  };
}
