import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
import { openScratchMariadb, type ScratchMariadb } from '../../helpers/scratch-mariadb.ts';
import { makeTempDir } from '../../helpers/temp-dir.ts';

/*
 * MariaDB does not notice a client that died while a long statement computes: a real server
 * process is killed (SIGKILL) mid-query, its SQL keeps running on the database server, and the
 * process that comes back on the same store kills it (KILL QUERY on the connection id the store
 * kept) as it closes the turn as interrupted.
 */

const scratch: ScratchMariadb | null = await openScratchMariadb();

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Computes for minutes, never waits on the client: only a KILL (or its time limit) stops it. */
const heavyJoin = (marker: string) =>
  `SELECT COUNT(*), '${marker}' FROM seq_1_to_1000000 AS a CROSS JOIN seq_1_to_1000000 AS b`;

describe.skipIf(scratch === null)('a server killed mid-query on MariaDB', () => {
  let fake: FakeOpenAiServer;
  let db: ScratchMariadb;
  beforeAll(async () => {
    if (!scratch) throw new Error('MariaDB is unreachable');
    db = scratch;
    fake = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await fake.close();
    await db.dispose();
  });

  it('kills the statement the dead process left running when it comes back', async () => {
    const dataDir = makeTempDir();
    cleanups.push(dataDir.remove);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // A long time limit, so the server-side limit cannot be what stops the statement here.
    const env = chatServerEnv({
      port,
      modelUrl: fake.baseUrl,
      extra: { DATA_DIR: dataDir.dir, QUERY_TIMEOUT_MS: '600000' },
    });

    const first = await bootServer(env, cleanups);
    const database = await api<{ id: string }>(base, 'POST', '/api/databases', {
      name: 'Scratch',
      engine: 'mysql',
      details: db.details,
    });
    const socket = await socketTo(base, cleanups);
    const typed = await newConversation(base, database.id);
    const marker = `querent_crash_mysql_${Date.now()}`;
    socket.emit('query', typed, heavyJoin(marker));
    await waitUntil(async () => (await db.running(marker)) === 1, 'the SQL running', 10_000);

    first.child.kill('SIGKILL');
    await first.exited;
    // The server goes on computing for the dead client: nothing but us will stop it.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await db.running(marker)).toBe(1);

    const second = await bootServer(env, cleanups);
    const restartedAt = Date.now();
    await waitUntil(async () => (await db.running(marker)) === 0, 'the orphaned SQL killed', 5000);
    expect(Date.now() - restartedAt).toBeLessThan(5000);
    await expectInterrupted(base, [typed]);
    second.child.kill('SIGTERM');
    await second.exited;
  });
});
