import type { Message, StatusEvent, WriteConfirmationArguments } from '@querent/contracts';
import { WRITE_CONFIRMATION_FUNCTION } from '@querent/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDatabase, startConversation } from '../helpers/factories.ts';
import { checkPostgres, serviceGate } from '../helpers/services.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { apiClient } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import type { ScratchPostgres } from '../helpers/scratch-postgres.ts';
import { openScratchPostgres } from '../helpers/scratch-postgres.ts';
import type { ScriptEntry } from '../helpers/scripted-model.ts';
import { lastToolResult, scriptFedModel } from '../helpers/scripted-model.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

/** Writes the analyst wants to run, and stop, against a real PostgreSQL database. */
const gate = serviceGate('Agent writes and stop on PostgreSQL', await checkPostgres());
if (gate.failInCi) {
  describe('Agent writes and stop on PostgreSQL', () => {
    it('needs a reachable PostgreSQL under CI=true', () => {
      expect.fail('PostgreSQL is unreachable and CI=true: this suite cannot be skipped in CI');
    });
  });
}

let scratch: ScratchPostgres;
let running: RunningApp;
let api: ApiClient;
let databaseId: string;
let script: ScriptEntry[] = [];
const clients: ChatClient[] = [];

type Card = Message & { functionCall: { arguments: WriteConfirmationArguments } };

describe.skipIf(!gate.run)('Agent writes and stop on PostgreSQL', () => {
  beforeAll(async () => {
    scratch = await openScratchPostgres(
      "CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL); INSERT INTO notes VALUES (1, 'first');",
    );
    const model = scriptFedModel(() => script.shift());
    running = await startTestApp({}, { languageModel: model });
    api = apiClient(running.baseUrl);
    databaseId = (
      await addDatabase(api, {
        name: 'Scratch',
        engine: 'postgres',
        details: scratch.details,
      })
    ).id;
  });

  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });

  afterAll(async () => {
    await running.stop();
    await scratch.dispose();
  });

  async function start(): Promise<{ conversationId: string; client: ChatClient }> {
    const conversationId = await startConversation(api, `database-${databaseId}`);
    const client = await connectChat(running.baseUrl);
    clients.push(client);
    return { conversationId, client };
  }

  const ended = (conversationId: string) => (event: StatusEvent) =>
    event.conversation_id === conversationId && (event.status === 'clear' || event.status === 'error');

  const pendingCard = (message: Message) =>
    message.functionCall?.name === WRITE_CONFIRMATION_FUNCTION &&
    (message as Card).functionCall.arguments.status === 'pending';

  const insert = "INSERT INTO notes (id, body) VALUES (2, 'second')";

  it('runs a write once the user confirms it, and the loop goes on', async () => {
    let told: unknown = null;
    script = [
      { calls: [{ name: 'run_sql', input: { query: insert } }] },
      (options) => {
        told = lastToolResult(options)?.output;
        return { text: 'Added the note.' };
      },
    ];
    const { conversationId, client } = await start();
    client.socket.emit('ask', conversationId, 'Add a note "second" with id 2');
    const card = await client.waitFor<Card>('response', pendingCard);
    expect(card.functionCall.arguments).toMatchObject({
      query: insert,
      operation: 'INSERT',
      status: 'pending',
    });
    expect(card.functionCall.arguments.reason).toMatch(/INSERT/);
    // Nothing ran before the user said so.
    expect((await scratch.client.query('SELECT count(*)::int AS n FROM notes')).rows[0]).toEqual({ n: 1 });

    client.socket.emit('confirmWriteOperation', conversationId, card.functionCall.arguments.queryId);
    await client.waitFor<StatusEvent>('status', ended(conversationId));
    expect(client.all<StatusEvent>('status').at(-1)).toMatchObject({ status: 'clear' });
    expect((await scratch.client.query('SELECT body FROM notes WHERE id = 2')).rows).toEqual([
      { body: 'second' },
    ]);
    expect(told).toMatchObject({ queryId: card.functionCall.arguments.queryId, affectedRows: 1 });

    const stored = await api.get<{ messages: Message[] }>(`/api/conversations/${conversationId}`);
    const storedCard = stored.body.messages.find((message) => message.id === card.id) as Card;
    expect(storedCard.functionCall.arguments.status).toBe('confirmed');
    expect(stored.body.messages.at(-1)?.content).toBe('Added the note.');
  });

  it('tells the analyst when the user rejects a write, and leaves the data alone', async () => {
    let told: unknown = null;
    script = [
      { calls: [{ name: 'run_sql', input: { query: 'DELETE FROM notes' } }] },
      (options) => {
        told = lastToolResult(options)?.output;
        return { text: 'Understood, nothing deleted.' };
      },
    ];
    const before = (await scratch.client.query('SELECT id, body FROM notes ORDER BY id')).rows;
    const { conversationId, client } = await start();
    client.socket.emit('ask', conversationId, 'Delete all notes');
    const card = await client.waitFor<Card>('response', pendingCard);
    expect(card.functionCall.arguments.operation).toBe('DELETE');
    client.socket.emit('rejectWriteOperation', conversationId, card.functionCall.arguments.queryId);
    await client.waitFor<StatusEvent>('status', ended(conversationId));
    expect((await scratch.client.query('SELECT id, body FROM notes ORDER BY id')).rows).toEqual(before);
    expect(told).toMatchObject({ rejected: true });
    const updated = client
      .all<Card>('response')
      .filter((message) => message.id === card.id)
      .at(-1);
    expect(updated?.functionCall.arguments.status).toBe('rejected');
    // Deciding again is refused: nothing waits any more.
    client.socket.emit('confirmWriteOperation', conversationId, card.functionCall.arguments.queryId);
    const refusal = await client.waitFor<{ message: string }>('error');
    expect(refusal).toEqual({
      message: 'This write is no longer waiting for confirmation',
      conversationId,
      code: 'CONFLICT',
      field: 'queryId',
    });
  });

  it('stops a long query: the statement leaves the database and the status is clear', async () => {
    script = [{ calls: [{ name: 'run_sql', input: { query: 'SELECT pg_sleep(30) AS slept' } }] }];
    const { conversationId, client } = await start();
    client.socket.emit('ask', conversationId, 'Sleep');
    const sleeping = async () =>
      (
        await scratch.client.query(
          "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query LIKE '%pg_sleep(30)%' AND state = 'active' AND pid <> pg_backend_pid()",
          [scratch.database],
        )
      ).rows.length;
    for (let tries = 0; (await sleeping()) === 0; tries += 1) {
      if (tries > 100) throw new Error('the query never started');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const stoppedAt = Date.now();
    client.socket.emit('stop', conversationId);
    await client.waitFor<StatusEvent>(
      'status',
      (event) => event.conversation_id === conversationId && event.status === 'to_stop',
    );
    const end = await client.waitFor<StatusEvent>('status', ended(conversationId));
    expect(end).toEqual({ conversation_id: conversationId, status: 'clear', error: null });
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
    expect(await sleeping()).toBe(0);

    const stored = await api.get<{ messages: Message[]; status: string }>(
      `/api/conversations/${conversationId}`,
    );
    expect(stored.body.status).toBe('clear');
    const result = stored.body.messages.find((message) => message.role === 'function');
    expect(result?.query?.error).toMatch(/cancelled/);
  });

  it('stops a turn waiting for a confirmation: the card is cancelled and nothing runs', async () => {
    script = [{ calls: [{ name: 'run_sql', input: { query: "UPDATE notes SET body = 'changed'" } }] }];
    const { conversationId, client } = await start();
    client.socket.emit('ask', conversationId, 'Change every note');
    const card = await client.waitFor<Card>('response', pendingCard);
    client.socket.emit('stop', conversationId);
    await client.waitFor<StatusEvent>('status', ended(conversationId));
    const last = client
      .all<Card>('response')
      .filter((message) => message.id === card.id)
      .at(-1);
    expect(last?.functionCall.arguments.status).toBe('cancelled');
    expect(
      (await scratch.client.query("SELECT count(*)::int AS n FROM notes WHERE body = 'changed'")).rows[0],
    ).toEqual({ n: 0 });
  });

  it('refuses writes under safe mode and tells the analyst why', async () => {
    const changed = await api.put(`/api/databases/${databaseId}`, { safe_mode: true });
    expect(changed.status, changed.text).toBe(200);
    let told: unknown = null;
    script = [
      { calls: [{ name: 'run_sql', input: { query: 'DROP TABLE notes' } }] },
      (options) => {
        told = lastToolResult(options)?.output;
        return { text: 'Safe mode prevents that.' };
      },
    ];
    const { conversationId, client } = await start();
    client.socket.emit('ask', conversationId, 'Drop the notes table');
    await client.waitFor<StatusEvent>('status', ended(conversationId));
    expect(told).toMatchObject({
      error: expect.stringMatching(/^Safe mode is on for this database/) as unknown,
    });
    expect(
      client
        .all<Message>('response')
        .some((message) => message.functionCall?.name === WRITE_CONFIRMATION_FUNCTION),
    ).toBe(false);
    expect((await scratch.client.query("SELECT to_regclass('notes') IS NOT NULL AS exists")).rows[0]).toEqual(
      { exists: true },
    );
    await api.put(`/api/databases/${databaseId}`, { safe_mode: false });
  });
});
