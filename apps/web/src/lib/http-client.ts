import type { HttpMethod } from '@querent/contracts';
import { toApiError } from './api-error.ts';
import { singleFlight } from './single-flight.ts';

export interface RequestOptions {
  signal?: AbortSignal;
  /** A list is sent as the key repeated (`?f.country=FR&f.country=US`). */
  query?: Record<string, string | number | boolean | null | undefined | readonly string[]>;
  /**
   * The sign-in flow's own calls (who am I, where do I sign in, sign out) set this to false: their
   * 401 is an answer, not an expired session, and re-authenticating from inside them would loop.
   */
  handleUnauthorized?: boolean;
}

export interface HttpClientDeps {
  /** '' in the browser (same origin); tests point it at a local server. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Sends the user to sign in again. The client makes sure only one run is under way. */
  reauthenticate: () => Promise<void>;
  /** Whether the person may get credits for everyone (administrators, as the server's abilities say). */
  offersCredits: () => boolean;
  /** Shows an administrator the way to buy credits; a regular user only gets a console note. */
  offerCredits: (message: string) => void;
}

export interface HttpClient {
  /** Any method; a JSON body when `body` is given, and the JSON answer (undefined when empty). */
  request<T>(method: HttpMethod, path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * For file downloads: the same error rules, but an ok response is handed back unread so the
   * caller can stream its body (and show progress) instead of parsing JSON.
   */
  stream(method: HttpMethod, path: string, body?: unknown, options?: RequestOptions): Promise<Response>;
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) for (const item of value as readonly string[]) params.append(key, item);
    else if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * JSON over fetch with the app's error rules (a 401 re-authenticates, a 402 offers credits). No
 * time-out is applied: long queries are legitimate, and callers that want one pass an AbortSignal.
 */
export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const baseUrl = deps.baseUrl ?? '';
  // Looked up per call so a test can replace the global fetch after the client exists.
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const reauthenticate = singleFlight(deps.reauthenticate);

  async function handleFailure(status: number, message: string, options: RequestOptions): Promise<void> {
    if (status === 401 && options.handleUnauthorized !== false) {
      console.error('Unauthorized');
      await reauthenticate();
    } else if (status === 402) {
      if (deps.offersCredits()) deps.offerCredits(message);
      else console.log('Regular user has insufficient credits');
    }
  }

  async function send(method: string, path: string, body: unknown, options: RequestOptions, accept: string) {
    const headers: Record<string, string> = { Accept: accept };
    const init: RequestInit = { method, headers, credentials: 'same-origin' };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    if (options.signal) init.signal = options.signal;

    const response = await doFetch(buildUrl(baseUrl, path, options.query), init);
    if (response.ok) return response;

    const error = toApiError(response.status, response.statusText, await readBody(response));
    await handleFailure(response.status, error.message, options);
    throw error;
  }

  async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}) {
    const response = await send(method, path, body, options, 'application/json');
    return (await readBody(response)) as T;
  }

  return {
    request: (method, path, body, options) => request(method, path, body, options),
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    delete: (path, options) => request('DELETE', path, undefined, options),
    stream: (method, path, body, options = {}) => send(method, path, body, options, '*/*'),
  };
}
