import type { ApiResponse } from './api-client.ts';
import { readAnswer } from './responses.ts';

/** A script calling the REST API with an API key, as `Authorization: Bearer <key>` and no cookie. */
export function bearerClient(baseUrl: string, key: string) {
  async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = await readAnswer<T>(response);
    return { ...answer, challenge: response.headers.get('www-authenticate') } as ApiResponse<T> & {
      challenge: string | null;
    };
  }
  return {
    call,
    get: <T = unknown>(path: string) => call<T>('GET', path),
    post: <T = unknown>(path: string, body: unknown) => call<T>('POST', path, body),
  };
}
