import { randomBytes } from 'node:crypto';
import type { Conversation, Message, StatusEvent } from '@querent/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_TURN_MESSAGE } from '../../../src/modules/conversations/interrupted-turn.ts';
import { turnLeaseTiming } from '../../../src/modules/conversations/run-turn.ts';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../fakes/openai-compatible-server.ts';
import {
  api,
  bootServer,
  chatServerEnv,
  expectInterrupted,
  newConversation,
  socketTo,
} from '../../helpers/killed-server.ts';
import { waitUntil } from '../../helpers/wait-until.ts';
import { freePort } from '../../helpers/main-process.ts';
import { openScratchPostgres, type ScratchPostgres } from '../../helpers/scratch-postgres.ts';
import { checkPostgres, serviceGate } from '../../helpers/services.ts';
import { makeTempDir } from '../../helpers/temp-dir.ts';
import { openPostgresTestStore } from '../../helpers/test-stores.ts';

/*
 * A real server process is killed (SIGKILL) mid-turn and mid-query, then started again on the
 * same store, or left dead beside another instance still running on a shared PostgreSQL store:
 * the conversations it was answering say they were interrupted (at once on its restart, once
 * their leases lapse on the other instance), none stays running, and the SQL it was running is
 * gone from the database.
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
    await waitUntil(async () => (await backendsRunning(typedMarker)) === 1, 'the typed SQL running', 10_000);
    await waitUntil(
      async () => (await backendsRunning(askedMarker)) === 1,
      "the analyst's SQL running",
      10_000,
    );
    socket.emit('ask', waiting, 'Anything');
    await waitUntil(
      () => Promise.resolve(fake.requests.length === 2),
      'the model asked a second time',
      10_000,
    );
    for (const id of [typed, asked, waiting]) {
      expect((await api<Conversation>(base, 'GET', `/api/conversations/${id}`)).status).toBe('running');
    }

    first.child.kill('SIGKILL');
    await first.exited;
    // The backends see their client is gone and stop, instead of sleeping on to their minute.
    const killedAt = Date.now();
    await waitUntil(
      async () => (await backendsRunning(typedMarker)) + (await backendsRunning(askedMarker)) === 0,
      'the SQL of the killed server stopping',
      10_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(10_000);

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

  // Waits out a real lease, shortened for the test (up to its length and three sweeps), beside two boots.
  it('is closed as interrupted by another instance once its lease lapses, and its SQL stops', async () => {
    const store = await openPostgresTestStore();
    cleanups.push(() => void store.dispose().catch(() => undefined));
    // One store and one secret key, each instance with its own port, name and data directory.
    // Long enough that the lease A renewed last (at most half a lease ago) outlasts finding its SQL gone.
    const leaseSeconds = 10;
    const lease = turnLeaseTiming(leaseSeconds);
    const shared = {
      DATABASE_URL: store.env.DATABASE_URL ?? '',
      SECRET_KEY: randomBytes(32).toString('base64'),
      TURN_LEASE_SECONDS: String(leaseSeconds),
    };
    const [portA, portB] = [await freePort(), await freePort()];
    const [baseA, baseB] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
    const instanceA = await bootServer(
      chatServerEnv({ port: portA, modelUrl: fake.baseUrl, extra: shared }),
      cleanups,
    );
    const instanceB = await bootServer(
      chatServerEnv({ port: portB, modelUrl: fake.baseUrl, extra: shared }),
      cleanups,
    );

    const database = await api<{ id: string }>(baseA, 'POST', '/api/databases', {
      name: 'Scratch',
      engine: 'postgres',
      details: scratch.details,
    });
    const onA = await socketTo(baseA, cleanups);
    // Mid-query: the user's own SQL; mid-turn: the model has not answered yet.
    const typed = await newConversation(baseA, database.id);
    const marker = `querent_crash_lapsed_${Date.now()}`;
    onA.emit('query', typed, `SELECT pg_sleep(120), '${marker}'`);
    const waiting = await newConversation(baseA, database.id);
    const asked = fake.requests.length;
    fake.script([{ hang: true }]);
    onA.emit('ask', waiting, 'Anything');
    await waitUntil(async () => (await backendsRunning(marker)) === 1, 'the typed SQL running', 10_000);
    await waitUntil(() => Promise.resolve(fake.requests.length === asked + 1), 'the model asked', 10_000);

    // The owner's tab on instance B hears what B says about these conversations.
    const onB = await socketTo(baseB, cleanups);
    const heard = { status: [] as StatusEvent[], messages: [] as Message[] };
    onB.on('status', (event: StatusEvent) => heard.status.push(event));
    onB.on('response', (message: Message) => heard.messages.push(message));

    instanceA.child.kill('SIGKILL');
    await instanceA.exited;
    const killedAt = Date.now();
    await waitUntil(
      async () => (await backendsRunning(marker)) === 0,
      'the SQL of the killed server stopping',
      10_000,
    );
    // B leaves a turn alone while its lease holds: A might only be slow.
    for (const id of [typed, waiting]) {
      expect((await api<Conversation>(baseB, 'GET', `/api/conversations/${id}`)).status).toBe('running');
    }

    const interrupted = (id: string) =>
      heard.status.some((event) => event.conversation_id === id && event.status === 'error');
    await waitUntil(
      () => Promise.resolve(interrupted(typed) && interrupted(waiting)),
      'instance B closing the lapsed turns',
      lease.leaseMs + lease.sweepMs * 3,
    );
    // Not before the lease A last renewed (every half of it) could lapse, give or take a sweep.
    expect(Date.now() - killedAt).toBeGreaterThan(lease.leaseMs / 2 - lease.sweepMs);
    for (const id of [typed, waiting]) {
      expect(heard.status.find((event) => event.conversation_id === id)).toEqual({
        conversation_id: id,
        status: 'error',
        error: INTERRUPTED_TURN_MESSAGE,
      });
      expect(heard.messages.find((message) => message.conversationId === id)).toMatchObject({
        role: 'assistant',
        content: INTERRUPTED_TURN_MESSAGE,
      });
    }
    await expectInterrupted(baseB, [typed, waiting]);
    expect(await backendsRunning(marker)).toBe(0);
    instanceB.child.kill('SIGTERM');
    await instanceB.exited;
  }, 120_000);
});
