import type { Conversation, Message, StatusEvent } from '@querent/contracts';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_TURN_MESSAGE } from '../../../src/modules/conversations/interrupted-turn.ts';
import { turnLeaseTiming } from '../../../src/modules/conversations/run-turn.ts';
import { startLeaseRenewal } from '../../../src/modules/conversations/turn-leases.ts';
import { TurnRegistry } from '../../../src/modules/conversations/turn-registry.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import { type ApiClient, apiClient } from '../../helpers/api-client.ts';
import { connectChat } from '../../helpers/chat-client.ts';
import { waitUntil } from '../../helpers/wait-until.ts';
import { openScratchMariadb, type ScratchMariadb } from '../../helpers/scratch-mariadb.ts';
import { type AppStore, storeDialects } from '../../helpers/store-dialects.ts';
import { type RunningApp, startTestApp } from '../../helpers/test-app.ts';

/*
 * Turns orphaned by a dead instance are closed as interrupted: another instance's once their
 * lease lapsed (every instance sweeps), this instance's own at start-up; a live turn of another
 * instance is left alone; the MariaDB statement such a turn left running is killed. On both stores.
 */

const mariadb: ScratchMariadb | null = await openScratchMariadb();

const dialects = await storeDialects('Interrupted turns');
// A short lease, so the sweep that closes lapsed turns comes round every half second.
const leaseSeconds = 3;
const { sweepMs } = turnLeaseTiming(leaseSeconds);
const last = dialects.at(-1);
for (const dialect of dialects) {
  describe.skipIf(!dialect.run)(`interrupted turns on the ${dialect.name}`, () => {
    let store: AppStore;
    let running: RunningApp;
    let api: ApiClient;
    let sqlite: { filename: string; remove: () => Promise<void> };
    let contextId: string;

    beforeAll(async () => {
      store = await dialect.open();
      sqlite = await chinookSqliteCopy();
      running = await startTestApp(
        { ...store.env, TURN_LEASE_SECONDS: String(leaseSeconds) },
        store.store ? { store: store.store } : {},
      );
      api = apiClient(running.baseUrl);
      const created = await api.post<{ id: string }>('/api/databases', {
        name: 'Chinook',
        engine: 'sqlite',
        details: { filename: sqlite.filename },
      });
      contextId = `database-${created.body.id}`;
    });
    afterAll(async () => {
      await running.stop();
      await store.dispose();
      await sqlite.remove();
    });
    afterAll(async () => {
      // Once, after the last dialect's suite.
      if (dialect === last) await mariadb?.dispose();
    });

    const conversation = async () =>
      (await api.post<{ id: string }>('/api/conversations', { contextId })).body.id;
    const holdTurn = (id: string, instance: string, expiresAt: string) =>
      running.built.store.db
        .updateTable('conversations')
        .set({ status: 'running', turn_instance: instance, turn_expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
    const inOneMinute = () => new Date(Date.now() + 60_000).toISOString();

    it("closes another instance's turn once its lease lapsed, and its owner's tabs hear it", async () => {
      const id = await conversation();
      const client = await connectChat(running.baseUrl);
      try {
        await holdTurn(id, 'another-host:3000', '2020-01-01T00:00:00.000Z');
        const status = await client.waitFor<StatusEvent>(
          'status',
          (event) => event.conversation_id === id,
          sweepMs * 3,
        );
        expect(status).toEqual({ conversation_id: id, status: 'error', error: INTERRUPTED_TURN_MESSAGE });
        const heard = await client.waitFor<Message>('response', (message) => message.conversationId === id);
        expect(heard).toMatchObject({ role: 'assistant', content: INTERRUPTED_TURN_MESSAGE });
        const stored = await api.get<Conversation>(`/api/conversations/${id}`);
        expect(stored.body).toMatchObject({ status: 'error', error: INTERRUPTED_TURN_MESSAGE });
        expect(stored.body.messages.map((message) => message.content)).toEqual([INTERRUPTED_TURN_MESSAGE]);
        // Closed once: a second sweep finds nothing more to say.
        expect(await running.built.recoverInterruptedTurns()).toBe(0);
      } finally {
        client.close();
      }
    });

    it.skipIf(mariadb === null)(
      'kills the MariaDB statement a lapsed turn left running, by the connection id the store kept',
      async () => {
        if (!mariadb) throw new Error('MariaDB is unreachable');
        const database = await api.post<{ id: string }>('/api/databases', {
          name: 'Scratch',
          engine: 'mysql',
          details: mariadb.details,
        });
        const id = (
          await api.post<{ id: string }>('/api/conversations', { contextId: `database-${database.body.id}` })
        ).body.id;
        // A statement of a dead instance: a connection of the test's, computing for minutes.
        const orphan = await mysql.createConnection(mariadb.details);
        try {
          const [[session]] = await orphan.query<mysql.RowDataPacket[]>('SELECT CONNECTION_ID() AS id');
          const marker = `querent_lapsed_${dialect.name.length}_${Date.now()}`;
          const computing = orphan
            .query(`SELECT COUNT(*), '${marker}' FROM seq_1_to_1000000 AS a CROSS JOIN seq_1_to_1000000 AS b`)
            .then(
              () => 'finished',
              (error: unknown) => `failed ${(error as { errno?: number }).errno}`,
            );
          await running.built.store.db
            .insertInto('turn_statements')
            .values({
              id: `statement-${id}`,
              conversation_id: id,
              database_id: database.body.id,
              server_session: String(session?.id),
              started_at: new Date().toISOString(),
            })
            .execute();
          await holdTurn(id, 'another-host:3000', '2020-01-01T00:00:00.000Z');
          expect(await mariadb.running(marker)).toBe(1);
          expect(await running.built.recoverInterruptedTurns()).toBe(1);
          // 1317: "Query execution was interrupted", what KILL QUERY answers the statement's client.
          expect(await computing).toBe('failed 1317');
          // The server may list the killed statement a moment longer while it winds down.
          await waitUntil(async () => (await mariadb.running(marker)) === 0, 'the statement gone', 2000);
          const left = await running.built.store.db.selectFrom('turn_statements').selectAll().execute();
          expect(left).toEqual([]);
        } finally {
          orphan.destroy();
        }
      },
    );

    it("closes its own turns at start-up and leaves another instance's live turn running", async () => {
      const own = await conversation();
      const others = await conversation();
      await holdTurn(own, running.config.instanceId, inOneMinute());
      await holdTurn(others, 'another-host:3000', inOneMinute());
      expect(await running.built.recoverInterruptedTurns()).toBe(1);
      expect((await api.get<Conversation>(`/api/conversations/${own}`)).body).toMatchObject({
        status: 'error',
        error: INTERRUPTED_TURN_MESSAGE,
      });
      expect((await api.get<Conversation>(`/api/conversations/${others}`)).body).toMatchObject({
        status: 'running',
        messages: [],
      });
    });

    it("renews all its live turns' leases in one round and stops those decided elsewhere", async () => {
      const instanceId = 'lease-renewal-test:1';
      const [live, toStop, lost] = [await conversation(), await conversation(), await conversation()];
      const soon = new Date(Date.now() + 20_000).toISOString();
      await holdTurn(live, instanceId, soon);
      await holdTurn(toStop, instanceId, soon);
      await running.built.store.db
        .updateTable('conversations')
        .set({ status: 'to_stop' })
        .where('id', '=', toStop)
        .execute();
      // Closed as lapsed and taken by another instance meanwhile: no longer this instance's turn.
      await holdTurn(lost, 'another-host:3000', soon);
      const turns = new TurnRegistry();
      const [liveTurn, toStopTurn, lostTurn] = [live, toStop, lost].map((id) => turns.start(id, 'owner'));
      const renewal = startLeaseRenewal(
        { db: running.built.store.db, log: running.built.app.log, turns, instanceId },
        { leaseMs: 60_000, everyMs: 50 },
      );
      const leaseOf = async (id: string) =>
        (
          await running.built.store.db
            .selectFrom('conversations')
            .select('turn_expires_at')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).turn_expires_at;
      try {
        const deadline = Date.now() + 5_000;
        while ((await leaseOf(live)) === soon && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 25));
      } finally {
        await renewal.stop();
      }
      expect(Date.parse(String(await leaseOf(live)))).toBeGreaterThan(Date.now() + 50_000);
      expect(liveTurn?.signal.aborted).toBe(false);
      expect(toStopTurn?.signal.aborted).toBe(true);
      expect(lostTurn?.signal.aborted).toBe(true);
      // Another instance's lease is not this instance's to extend.
      expect(await leaseOf(lost)).toBe(soon);
    });
  });
}
