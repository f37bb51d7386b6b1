import type { Conversation, StatusEvent } from '@querent/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_TURN_MESSAGE } from '../src/modules/conversations/interrupted-turn.ts';
import { type FakeOpenAiServer, startFakeOpenAiServer } from './fakes/openai-compatible-server.ts';
import {
  api,
  bootServer,
  chatServerEnv,
  expectInterrupted,
  newConversation,
  socketTo,
  until,
} from './helpers/killed-server.ts';
import { freePort } from './helpers/main-process.ts';
import { openScratchPostgres, type ScratchPostgres } from './helpers/scratch-postgres.ts';
import { checkPostgres, serviceGate } from './helpers/services.ts';
import { makeTempDir } from './helpers/temp-dir.ts';

/*
 * A real server process is killed (SIGKILL) mid-turn and mid-query, then started again on the
 * same store: the conversations it was answering say they were interrupted, none stays running,
 * and the SQL it was running is gone from the database.
 */

const gate = serviceGate('Crash recovery on PostgreSQL', await checkPostgres());

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

let scratch: ScratchPostgres;
let fake: FakeOpenAiServer;

const backendsRunning = async (marker: string): Promise<number> =>
  (
    await scratch.client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE '%' || $1 || '%' AND pid <> pg_backend_pid()",
      [marker],
    )
  ).rows[0]?.n ?? 0;

describe.skipIf(!gate.run)('a server killed mid-turn', () => {
  beforeAll(async () => {
    scratch = await openScratchPostgres('CREATE TABLE items (id int)');
    fake = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await fake.close();
    await scratch.dispose();
  });

  it('closes every turn it was answering as interrupted when it starts again, and its SQL stops in the database', async () => {
    const dataDir = makeTempDir();
    cleanups.push(dataDir.remove);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = chatServerEnv({ port, modelUrl: fake.baseUrl, extra: { DATA_DIR: dataDir.dir } });

    const first = await bootServer(env, cleanups);
    const database = await api<{ id: string }>(base, 'POST', '/api/databases', {
      name: 'Scratch',
      engine: 'postgres',
      details: scratch.details,
    });
    const socket = await socketTo(base, cleanups);

    // Mid-query in the chat: the user's own SQL.
    const typed = await newConversation(base, database.id);
    const typedMarker = `querent_crash_typed_${Date.now()}`;
    socket.emit('query', typed, `SELECT pg_sleep(60), '${typedMarker}'`);
    // Mid-query in the analyst's turn: its run_sql tool.
    const asked = await newConversation(base, database.id);
    const askedMarker = `querent_crash_asked_${Date.now()}`;
    // Mid-turn with no SQL: the model has not answered yet.
    const waiting = await newConversation(base, database.id);
    fake.script([
      { toolCalls: [{ name: 'run_sql', arguments: { query: `SELECT pg_sleep(60), '${askedMarker}'` } }] },
      { hang: true },
    ]);
    socket.emit('ask', asked, 'Sleep for a minute');
    await until(async () => (await backendsRunning(typedMarker)) === 1, 10_000, 'the typed SQL running');
    await until(async () => (await backendsRunning(askedMarker)) === 1, 10_000, "the analyst's SQL running");
    socket.emit('ask', waiting, 'Anything');
    await until(() => Promise.resolve(fake.requests.length === 2), 10_000, 'the model asked a second time');
    for (const id of [typed, asked, waiting]) {
      expect((await api<Conversation>(base, 'GET', `/api/conversations/${id}`)).status).toBe('running');
    }

    first.child.kill('SIGKILL');
    await first.exited;
    // The backends see their client is gone and stop, instead of sleeping on to their minute.
    const stoppedIn = await until(
      async () => (await backendsRunning(typedMarker)) + (await backendsRunning(askedMarker)) === 0,
      10_000,
      'the SQL of the killed server stopping',
    );
    expect(stoppedIn).toBeLessThan(10_000);

    const second = await bootServer(env, cleanups);
    await expectInterrupted(base, [typed, asked, waiting]);
    // The conversation goes on: the next question is answered.
    fake.script([{ text: 'Back again.' }]);
    const again = await socketTo(base, cleanups);
    const done = new Promise<StatusEvent>((resolve) => {
      again.on('status', (event: StatusEvent) => {
        if (event.conversation_id === waiting && event.status !== 'running') resolve(event);
      });
    });
    again.emit('ask', waiting, 'Still there?');
    expect(await done).toMatchObject({ status: 'clear' });
    const answered = await api<Conversation>(base, 'GET', `/api/conversations/${waiting}`);
    expect(answered.messages.map((message) => message.content).slice(-3)).toEqual([
      INTERRUPTED_TURN_MESSAGE,
      'Still there?',
      'Back again.',
    ]);
    second.child.kill('SIGTERM');
    await second.exited;
  });
});
