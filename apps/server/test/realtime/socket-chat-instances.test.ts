import type {
  ConversationSummary,
  Message,
  StatusEvent,
  WriteConfirmationArguments,
} from '@querent/contracts';
import { WRITE_CONFIRMATION_FUNCTION } from '@querent/contracts';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';
import { apiClient } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import type { ScriptEntry } from '../helpers/scripted-model.ts';
import { scriptedModel, scriptFedModel } from '../helpers/scripted-model.ts';
import { checkPostgres, checkRedis, serviceGate, TEST_REDIS_URL } from '../helpers/services.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';
import type { TestStore } from '../helpers/test-stores.ts';
import { openPostgresTestStore } from '../helpers/test-stores.ts';

/**
 * Two instances sharing a PostgreSQL store and Redis, as in a team deployment: a conversation
 * answered on one is refused, stopped and confirmed from a tab connected to the other.
 */
const postgres = await checkPostgres();
const redis = await checkRedis();
const gate = serviceGate('Chat across instances', postgres.ok ? redis : postgres);
if (gate.failInCi) {
  describe('Chat across instances', () => {
    it('needs PostgreSQL and Redis under CI=true', () => {
      expect.fail('PostgreSQL or Redis is unreachable and CI=true: this suite cannot be skipped in CI');
    });
  });
}

describe.skipIf(!gate.run)('Chat across instances sharing Redis', () => {
  let store: TestStore;
  let first: RunningApp;
  let second: RunningApp;
  let sqlite: { filename: string; remove: () => Promise<void> };
  let contextId: string;
  let script: ScriptEntry[] = [];
  const clients: ChatClient[] = [];

  beforeAll(async () => {
    store = await openPostgresTestStore();
    sqlite = await chinookSqliteCopy();
    const model = scriptFedModel(() => script.shift());
    const env = { ...store.env, REDIS_URL: TEST_REDIS_URL };
    first = await startTestApp(env, { store: store.store, languageModel: model });
    second = await startTestApp(env, { store: store.store, languageModel: scriptedModel([]) });
    const created = await apiClient(first.baseUrl).post<{ id: string }>('/api/databases', {
      name: 'Chinook',
      engine: 'sqlite',
      details: { filename: sqlite.filename },
    });
    contextId = `database-${created.body.id}`;
  });

  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });

  afterAll(async () => {
    await first.stop();
    await second.stop();
    await store.dispose();
    await sqlite.remove();
  });

  async function both(): Promise<{ id: string; here: ChatClient; there: ChatClient }> {
    const created = await apiClient(first.baseUrl).post<ConversationSummary>('/api/conversations', {
      contextId,
    });
    const here = await connectChat(first.baseUrl);
    const there = await connectChat(second.baseUrl);
    clients.push(here, there);
    return { id: created.body.id, here, there };
  }

  it('refuses a second question on the other instance and stops the turn from there', async () => {
    const { id, here, there } = await both();
    script = [{ hang: true, text: 'Working' }];
    here.socket.emit('ask', id, 'Long question');
    // The other tab hears the answer start, through Redis.
    await there.waitFor('response-chunk', (chunk: { conversationId: string }) => chunk.conversationId === id);

    there.socket.emit('ask', id, 'Another');
    expect(await there.waitFor('error')).toEqual({
      message: 'Conversation is already running',
      conversationId: id,
    });

    there.socket.emit('stop', id);
    await there.waitFor<StatusEvent>(
      'status',
      (event) => event.conversation_id === id && event.status === 'to_stop',
    );
    const end = await there.waitFor<StatusEvent>(
      'status',
      (event) => event.conversation_id === id && event.status === 'clear',
    );
    expect(end.error).toBeNull();
    await here.waitFor<StatusEvent>(
      'status',
      (event) => event.conversation_id === id && event.status === 'clear',
    );
  });

  it('carries a write confirmation to the instance waiting for it', async () => {
    const { id, here, there } = await both();
    script = [
      {
        calls: [
          { name: 'run_sql', input: { query: "INSERT INTO Genre (GenreId, Name) VALUES (99, 'Chiptune')" } },
        ],
      },
      { text: 'Added.' },
    ];
    here.socket.emit('ask', id, 'Add a Chiptune genre');
    const card = await there.waitFor<Message>(
      'response',
      (message) => message.functionCall?.name === WRITE_CONFIRMATION_FUNCTION,
    );
    const { queryId } = card.functionCall?.arguments as WriteConfirmationArguments;
    there.socket.emit('confirmWriteOperation', id, queryId);
    await there.waitFor<StatusEvent>(
      'status',
      (event) => event.conversation_id === id && event.status === 'clear',
    );
    const check = new Database(sqlite.filename, { readonly: true });
    try {
      expect(check.prepare('SELECT Name FROM Genre WHERE GenreId = 99').get()).toEqual({ Name: 'Chiptune' });
    } finally {
      check.close();
    }
  });
});
