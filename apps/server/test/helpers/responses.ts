import { expect } from 'vitest';
import type { ApiResponse, ErrorBody } from './api-client.ts';

/** Any answer as its status, text and JSON body (null when empty), for a test that checks the status itself. */
export async function readAnswer<T = unknown>(response: Response): Promise<ApiResponse<T>> {
  const text = await response.text();
  return { status: response.status, text, body: (text === '' ? null : JSON.parse(text)) as T };
}

/** The JSON body of an answer of the expected status (its text is the failure's message); null when empty. */
export async function readJson<T>(response: Response, status = 200): Promise<T> {
  const answer = await readAnswer<T>(response);
  expect(answer.status, answer.text).toBe(status);
  return answer.body;
}

/** An error answer's status with its code, message and field. */
export async function readError(response: Response): Promise<{ status: number } & ErrorBody['error']> {
  const { status, body } = await readAnswer<ErrorBody>(response);
  return { status, ...body.error };
}
