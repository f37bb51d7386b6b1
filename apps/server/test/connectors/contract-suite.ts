import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connector, createConnector } from '../../src/connectors/index.ts';
import { chinookCounts } from '../fixtures/chinook.ts';
import { connectorFailure } from '../helpers/connector-failure.ts';
import { cell, columnIndex, expectRowShape } from '../helpers/result-rows.ts';
import type { EngineTarget, StatementWatch } from './engine-targets.ts';

const read = { rowCap: 1000, timeoutMs: 10_000, readOnly: true };
/** `SELECT 1 AS one` as every engine answers it: one column, one row of one cell. */
const one = { columns: [{ name: 'one' }], rows: [[1]] };
const two = { columns: [{ name: 'two' }], rows: [[2]] };

/**
 * The statement is no longer running in the database. Polled: a stopped statement stays stopped,
 * while a watch that reads CPU may catch a moment of other work in this process (another suite
 * closing its pools); a statement still running would keep showing for the whole wait.
 */
async function expectStopped(watch: StatementWatch, marker: string): Promise<void> {
  await expect.poll(() => watch.running(marker), { timeout: 6000, interval: 50 }).toBe(false);
}

/** The one contract, proved the same way on every engine against its Chinook copy. */
export function defineContractSuite(target: EngineTarget): void {
  describe.skipIf(!target.details)(`${target.label} connector contract`, () => {
    const n = target.names;
    let connector: Connector;
    let watch: StatementWatch;

    beforeAll(async () => {
      connector = createConnector(target.engine, target.details ?? {});
      watch = await target.watch(connector);
    });
    afterAll(async () => {
      await watch.dispose();
      await connector.close();
    });

    it('tests the connection', async () => {
      await expect(connector.test()).resolves.toBeUndefined();
    });

    it('introspects tables, columns, keys and row estimates', async () => {
      const schema = await connector.introspect();
      const tables = schema.schemas.find((entry) => entry.name === n.schema)?.tables ?? [];
      expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining([n.album, n.artist, n.track]));
      const track = tables.find((table) => table.name === n.track);
      expect(track?.kind).toBe('table');
      expect(track?.primaryKey).toEqual([n.trackId]);
      const column = (name: string) => track?.columns.find((entry) => entry.name === name);
      expect(column(n.trackId)).toMatchObject({ nullable: false });
      expect(column(n.name)).toMatchObject({ nullable: false });
      expect(column(n.composer)).toMatchObject({ nullable: true });
      expect(column(n.trackId)?.type).toMatch(/int/i);
      expect(column(n.name)?.type).toMatch(/char|text/i);
      expect(track?.foreignKeys).toContainEqual(
        expect.objectContaining({
          columns: [n.albumId],
          references: { schema: n.schema, table: n.album, columns: [n.albumId] },
        }),
      );
      // Estimates are the engine's statistics: close to the truth, not necessarily equal.
      expect(track?.rowEstimate).toBeGreaterThan(chinookCounts.Track * 0.8);
      expect(track?.rowEstimate).toBeLessThan(chinookCounts.Track * 1.2);
    });

    it('runs a join and returns the known Chinook answer', async () => {
      const result = await connector.run(
        `SELECT ar.${n.name} AS artist, count(*) AS albums
         FROM ${n.artist} ar JOIN ${n.album} al ON al.${n.artistId} = ar.${n.artistId}
         GROUP BY ar.${n.name} ORDER BY albums DESC, artist LIMIT 3`,
        read,
      );
      expect(result.columns.map((column) => column.name)).toEqual(['artist', 'albums']);
      expect(result.rows).toEqual([
        ['Iron Maiden', 21],
        ['Led Zeppelin', 14],
        ['Deep Purple', 11],
      ]);
      expect(result).toMatchObject({ count: 3, truncated: false });
      expect(result.durationMs).toBeGreaterThanOrEqual(0);

      const totals = await connector.run(
        `SELECT (SELECT count(*) FROM ${n.artist}) AS artists, (SELECT count(*) FROM ${n.track}) AS tracks`,
        read,
      );
      expect(totals.columns.map((column) => column.name)).toEqual(['artists', 'tracks']);
      expect(totals.rows).toEqual([[chinookCounts.Artist, chinookCounts.Track]]);
    });

    it('returns JSON-safe values with column types', async () => {
      const result = await connector.run(`SELECT * FROM ${n.track} ORDER BY ${n.trackId} LIMIT 1`, read);
      const [row] = result.rows;
      expectRowShape(result);
      expect(result.rows).toHaveLength(1);
      expect(cell(result, row, n.trackId)).toBe(1);
      expect(cell(result, row, n.name)).toBe('For Those About To Rock (We Salute You)');
      expect(JSON.parse(JSON.stringify(result.rows))).toEqual(result.rows);
      expect(result.columns.every((column) => column.type.length > 0)).toBe(true);
    });

    it('caps rows, marks the result cut and still counts the total', async () => {
      const result = await connector.run(`SELECT * FROM ${n.track}`, { ...read, rowCap: 10 });
      expect(result.rows).toHaveLength(10);
      expectRowShape(result);
      expect(result).toMatchObject({ truncated: true, count: chinookCounts.Track });
    });

    it('gives up counting a cut result when the time limit runs out', async () => {
      const started = performance.now();
      // The limit must leave the capped read time to finish on a loaded machine (1.2 s once did
      // not, with every suite running); the count of billions of rows can never finish in it.
      const result = await connector.run(target.hugeQuery, { ...read, rowCap: 5, timeoutMs: 2500 });
      expect(result.rows).toHaveLength(5);
      expect(result).toMatchObject({ truncated: true, count: null });
      expect(performance.now() - started).toBeLessThan(6000);
    });

    it("reports the user's SQL error with the database's own message", async () => {
      const error = await connectorFailure(connector.run(`SELECT no_such_column FROM ${n.track}`, read));
      expect(error.kind).toBe('sql');
      expect(error.message).toMatch(/no_such_column/);
      expect(error.message).not.toMatch(/safe mode|cannot reach/i);
    });

    it('stops a statement at its time limit, in the database', async () => {
      const marker = `querent_${randomUUID().slice(0, 8)}`;
      const started = performance.now();
      const pending = connectorFailure(connector.run(target.longQuery(marker), { ...read, timeoutMs: 3000 }));
      // Seen running in the database before its limit (a loaded machine may take a while to start it).
      await expect.poll(() => watch.running(marker), { timeout: 2800, interval: 50 }).toBe(true);
      const error = await pending;
      expect(error.kind).toBe('timeout');
      expect(error.message).toMatch(/ 3 s limit/);
      expect(performance.now() - started).toBeLessThan(8000);
      await expectStopped(watch, marker);
    });

    it('cancels a running statement in the database when the signal aborts', async () => {
      const marker = `querent_${randomUUID().slice(0, 8)}`;
      const abort = new AbortController();
      const pending = connectorFailure(
        connector.run(target.longQuery(marker), { ...read, signal: abort.signal }),
      );
      await expect.poll(() => watch.running(marker), { timeout: 5000, interval: 50 }).toBe(true);
      abort.abort();
      const error = await pending;
      expect(error.kind).toBe('cancelled');
      await expectStopped(watch, marker);
      // The connector is still usable afterwards.
      await expect(connector.run('SELECT 1 AS one', read)).resolves.toMatchObject(one);
    });

    it('keeps the time limit while waiting for a free connection, and loses no connection', async () => {
      const single = createConnector(target.engine, target.details ?? {}, { maxConnections: 1 });
      try {
        const abort = new AbortController();
        const holder = connectorFailure(
          single.run(target.longQuery('querent_holder'), { ...read, signal: abort.signal }),
        );
        await sleep(300);
        const started = performance.now();
        const waiting = await connectorFailure(
          single.run(target.longQuery('querent_waiter'), { ...read, timeoutMs: 600 }),
        );
        expect(waiting.kind).toBe('timeout');
        expect(performance.now() - started).toBeLessThan(3000);
        abort.abort();
        expect((await holder).kind).toBe('cancelled');
        await expect(single.run('SELECT 1 AS one', read)).resolves.toMatchObject(one);
        await expect(single.run('SELECT 2 AS two', read)).resolves.toMatchObject(two);
      } finally {
        await single.close();
      }
    });

    it('refuses to start when the signal is already aborted', async () => {
      const abort = new AbortController();
      abort.abort();
      const error = await connectorFailure(connector.run('SELECT 1', { ...read, signal: abort.signal }));
      expect(error.kind).toBe('cancelled');
    });

    it('streams every row in bounded batches', async () => {
      const stream = await connector.stream(`SELECT * FROM ${n.track} ORDER BY ${n.trackId}`, {
        timeoutMs: 10_000,
        readOnly: true,
        batchSize: 500,
      });
      const trackId = columnIndex(stream, n.trackId);
      let rows = 0;
      let largest = 0;
      let lastId = 0;
      for await (const batch of stream) {
        rows += batch.length;
        largest = Math.max(largest, batch.length);
        for (const row of batch) expect(row).toHaveLength(stream.columns.length);
        const id = batch.at(-1)?.[trackId];
        if (typeof id === 'number') lastId = id;
      }
      expect(rows).toBe(chinookCounts.Track);
      expect(largest).toBeLessThanOrEqual(500);
      expect(lastId).toBe(chinookCounts.Track);
    });

    it('frees the connection when a stream is closed early', async () => {
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const stream = await connector.stream(`SELECT * FROM ${n.track}`, { ...read, batchSize: 100 });
        for await (const batch of stream) {
          expect(batch.length).toBeGreaterThan(0);
          break;
        }
      }
      const unread = await connector.stream(`SELECT * FROM ${n.track}`, { ...read, batchSize: 100 });
      await unread.close();
      await expect(connector.run('SELECT 1 AS one', read)).resolves.toMatchObject(one);
    });

    it('frees the connection of a stream nobody reads once its time limit passes', async () => {
      const single = createConnector(target.engine, target.details ?? {}, { maxConnections: 1 });
      try {
        // Opened first, so the stream's short limit times the stream, not starting the connection
        // (a SQLite worker process can take longer than that to start on a loaded machine).
        await single.run('SELECT 1 AS one', { ...read, timeoutMs: 10_000 });
        const stream = await single.stream(`SELECT * FROM ${n.track}`, {
          ...read,
          timeoutMs: 600,
          batchSize: 10,
        });
        const iterator = stream[Symbol.asyncIterator]();
        expect((await iterator.next()).value).toHaveLength(10);
        await sleep(900);
        // Its own limit is only a hang guard: freeing may restart a worker process, slow when busy.
        await expect(single.run('SELECT 1 AS one', { ...read, timeoutMs: 15_000 })).resolves.toMatchObject(
          one,
        );
      } finally {
        await single.close();
      }
    });

    it('closes', async () => {
      const other = createConnector(target.engine, target.details ?? {});
      await other.run('SELECT 1', read);
      await expect(other.close()).resolves.toBeUndefined();
    });
  });
}
