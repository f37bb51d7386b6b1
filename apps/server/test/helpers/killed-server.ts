import type { Conversation } from '@querent/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { INTERRUPTED_TURN_MESSAGE } from '../../src/modules/conversations/interrupted-turn.ts';
import { type MainProcess, startMain, waitForHealth } from './main-process.ts';

/*
 * Test-only: what the crash suites share to drive real server processes (`node src/main.ts`)
 * they kill mid-turn, and to look at what is left afterwards.
 */

export async function api<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** A chat socket of the local administrator; `cleanups` disconnects it. */
export async function socketTo(base: string, cleanups: (() => void)[]): Promise<Socket> {
  const socket = connect(base, { transports: ['polling'], reconnection: false });
  cleanups.push(() => socket.disconnect());
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** What a server answering with the fake OpenAI-compatible model needs; `extra` adds or overrides. */
export function chatServerEnv(input: {
  port: number;
  modelUrl: string;
  extra?: Record<string, string>;
}): Record<string, string> {
  return {
    PORT: String(input.port),
    LOG_LEVEL: 'warn',
    DEMO_DATABASE: 'false',
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: input.modelUrl,
    LLM_MODEL: 'fake-model',
    LLM_API_KEY: 'key',
    LLM_MAX_RETRIES: '0',
    ...input.extra,
  };
}

/** Starts a server process and waits until it answers its health check. */
export async function bootServer(
  env: Record<string, string>,
  cleanups: (() => void)[],
): Promise<MainProcess> {
  const run = startMain(env, cleanups);
  await waitForHealth(`http://127.0.0.1:${env.PORT}/api/health`, Date.now() + 30_000);
  return run;
}

/** A new conversation about a saved database; answers its id. */
export async function newConversation(base: string, databaseId: string): Promise<string> {
  return (
    await api<{ id: string }>(base, 'POST', '/api/conversations', { contextId: `database-${databaseId}` })
  ).id;
}

/** Each conversation ended as interrupted: the error status and the last message saying so. */
export async function expectInterrupted(base: string, ids: string[]): Promise<void> {
  for (const id of ids) {
    const after = await api<Conversation>(base, 'GET', `/api/conversations/${id}`);
    expect(after, id).toMatchObject({ status: 'error', error: INTERRUPTED_TURN_MESSAGE });
    expect(after.messages.at(-1), id).toMatchObject({ role: 'assistant', content: INTERRUPTED_TURN_MESSAGE });
  }
}
