import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConnectionDetails,
  type Connector,
  type ConnectorOptions,
  createConnector,
} from '../../src/connectors/index.ts';
import { chinookCounts } from '../fixtures/chinook.ts';
import { connectorFailure } from '../helpers/connector-failure.ts';
import { cell, columnIndex, expectRowShape } from '../helpers/result-rows.ts';

/**
 * The connector contract for engines with no local server, proved with their real
 * client libraries against a local fake of their HTTP protocol. Same questions as the shared
 * contract suite, with the answers these engines give: their own type names, Snowflake's upper-
 * case folding, and an exact total for cut results (both report it with the first page).
 */
export interface FakeEngineTarget {
  label: string;
  engine: 'snowflake' | 'bigquery';
  details: ConnectionDetails;
  /** Points the client library at the fake. */
  options: ConnectorOptions;
  names: { schema: string; artist: string; album: string; track: string; trackId: string; name: string };
  /** A table as written in SQL. */
  table(name: string): string;
  /** A column as the engine names an unquoted alias or column in results. */
  result(name: string): string;
  types: { integer: RegExp; text: RegExp };
  /** The comment the fake was given for the Track table. */
  trackComment: string;
  /** The message the engine gives for `SELECT no_such_column FROM <track>`. */
  missingColumnMessage: string;
  /** A statement that runs until cancelled, tagged with `marker`. */
  longQuery(marker: string): string;
  /** Writes safe mode must refuse before the fake sees anything. */
  writes: string[];
  fake: {
    /** Statements (or jobs) the fake has received so far. */
    seen(): number;
    running(marker: string): boolean;
    /** Did a cancel request stop the statement tagged with `marker`, by its id? */
    cancelled(marker: string): boolean;
  };
  /** Details with a wrong secret, the message that must say so, and options pointing at a closed port. */
  wrongSecret: ConnectionDetails;
  authMessage: RegExp;
  unreachableOptions: ConnectorOptions;
}

const read = { rowCap: 1000, timeoutMs: 10_000, readOnly: true };

export function defineFakeContractSuite(target: FakeEngineTarget): void {
  describe(`${target.label} connector contract, through its client library and a local fake`, () => {
    const n = target.names;
    const t = (name: string): string => target.table(name);
    const r = (name: string): string => target.result(name);
    let connector: Connector;
    const connect = (options: ConnectorOptions = {}): Connector =>
      createConnector(target.engine, target.details, { ...target.options, ...options });

    beforeAll(() => {
      connector = connect();
    });
    afterAll(() => connector.close());

    it('tests the connection', async () => {
      await expect(connector.test()).resolves.toBeUndefined();
    });

    it('introspects tables, columns, keys, comments and row counts', async () => {
      const schema = await connector.introspect();
      expect(schema.schemas.map((entry) => entry.name)).toEqual([n.schema]);
      const tables = schema.schemas[0]?.tables ?? [];
      expect(tables).toHaveLength(11);
      const track = tables.find((table) => table.name === n.track);
      expect(track).toMatchObject({ kind: 'table', comment: target.trackComment, primaryKey: [n.trackId] });
      expect(track?.rowEstimate).toBe(chinookCounts.Track);
      const column = (name: string) => track?.columns.find((entry) => entry.name === name);
      expect(column(n.trackId)?.nullable).toBe(false);
      expect(column(n.trackId)?.type).toMatch(target.types.integer);
      expect(column(n.name)?.nullable).toBe(false);
      expect(column(n.name)?.type).toMatch(target.types.text);
      expect(column(n.name)?.comment).toBe('Title of the song');
      expect(track?.foreignKeys).toContainEqual(
        expect.objectContaining({
          columns: [r('AlbumId')],
          references: { schema: n.schema, table: n.album, columns: [r('AlbumId')] },
        }),
      );
    });

    it('runs a join and returns the known Chinook answer', async () => {
      const result = await connector.run(
        `SELECT ar.Name AS artist, count(*) AS albums
         FROM ${t('Artist')} ar JOIN ${t('Album')} al ON al.ArtistId = ar.ArtistId
         GROUP BY ar.Name ORDER BY albums DESC, artist LIMIT 3`,
        read,
      );
      expect(result.columns.map((column) => column.name)).toEqual([r('artist'), r('albums')]);
      expect(result.rows).toEqual([
        ['Iron Maiden', 21],
        ['Led Zeppelin', 14],
        ['Deep Purple', 11],
      ]);
      expect(result).toMatchObject({ count: 3, truncated: false, affectedRows: null });
      const totals = await connector.run(
        `SELECT (SELECT count(*) FROM ${t('Artist')}) AS artists, (SELECT count(*) FROM ${t('Track')}) AS tracks`,
        read,
      );
      expect(totals.columns.map((column) => column.name)).toEqual([r('artists'), r('tracks')]);
      expect(totals.rows).toEqual([[chinookCounts.Artist, chinookCounts.Track]]);
    });

    it('returns JSON-safe values with the engine’s column types', async () => {
      const result = await connector.run(`SELECT * FROM ${t('Track')} ORDER BY TrackId LIMIT 1`, read);
      const [row] = result.rows;
      expect(result.rows).toHaveLength(1);
      expect(cell(result, row, n.trackId)).toBe(1);
      expect(cell(result, row, n.name)).toBe('For Those About To Rock (We Salute You)');
      expect(cell(result, row, r('UnitPrice'))).toBe(0.99);
      expect(JSON.parse(JSON.stringify(result.rows))).toEqual(result.rows);
      expect(result.columns.find((column) => column.name === n.trackId)?.type).toMatch(target.types.integer);
    });

    it('caps rows and reports the true total with the first page', async () => {
      const result = await connector.run(`SELECT * FROM ${t('Track')}`, { ...read, rowCap: 10 });
      expect(result.rows).toHaveLength(10);
      expectRowShape(result);
      expect(result).toMatchObject({ truncated: true, count: chinookCounts.Track });
    });

    it("passes the user's SQL error through unchanged", async () => {
      const error = await connectorFailure(connector.run(`SELECT no_such_column FROM ${t('Track')}`, read));
      expect(error.kind).toBe('sql');
      expect(error.message).toBe(target.missingColumnMessage);
    });

    it('stops a statement at its time limit with a cancel the service receives', async () => {
      const marker = `querent_${randomUUID().slice(0, 8)}`;
      const started = performance.now();
      const pending = connectorFailure(connector.run(target.longQuery(marker), { ...read, timeoutMs: 1500 }));
      await sleep(400);
      expect(target.fake.running(marker)).toBe(true);
      const error = await pending;
      expect(error.kind).toBe('timeout');
      expect(error.message).toMatch(/1\.5 s/);
      expect(performance.now() - started).toBeLessThan(4000);
      expect(target.fake.cancelled(marker)).toBe(true);
      expect(target.fake.running(marker)).toBe(false);
    });

    it('cancels a running statement in the service when the signal aborts', async () => {
      const marker = `querent_${randomUUID().slice(0, 8)}`;
      const abort = new AbortController();
      const pending = connectorFailure(
        connector.run(target.longQuery(marker), { ...read, signal: abort.signal }),
      );
      await sleep(400);
      expect(target.fake.running(marker)).toBe(true);
      abort.abort();
      expect((await pending).kind).toBe('cancelled');
      expect(target.fake.cancelled(marker)).toBe(true);
      expect(target.fake.running(marker)).toBe(false);
      await expect(connector.run('SELECT 1 AS one', read)).resolves.toMatchObject({
        columns: [{ name: r('one') }],
        rows: [[1]],
      });
    });

    it('refuses to start when the signal is already aborted, sending nothing', async () => {
      const abort = new AbortController();
      abort.abort();
      const before = target.fake.seen();
      const error = await connectorFailure(connector.run('SELECT 1', { ...read, signal: abort.signal }));
      expect(error.kind).toBe('cancelled');
      expect(target.fake.seen()).toBe(before);
    });

    it('keeps the time limit while waiting for a free connection', async () => {
      const single = connect({ maxConnections: 1 });
      try {
        const abort = new AbortController();
        const holder = connectorFailure(
          single.run(target.longQuery('querent_holder'), { ...read, signal: abort.signal }),
        );
        await sleep(300);
        const waiting = await connectorFailure(
          single.run(target.longQuery('querent_waiter'), { ...read, timeoutMs: 600 }),
        );
        expect(waiting.kind).toBe('timeout');
        abort.abort();
        expect((await holder).kind).toBe('cancelled');
        await expect(single.run('SELECT 2 AS two', read)).resolves.toMatchObject({
          columns: [{ name: r('two') }],
          rows: [[2]],
        });
      } finally {
        await single.close();
      }
    });

    it('streams every row in bounded batches', async () => {
      const stream = await connector.stream(`SELECT * FROM ${t('Track')} ORDER BY TrackId`, {
        timeoutMs: 10_000,
        readOnly: true,
        batchSize: 500,
      });
      const trackId = columnIndex(stream, n.trackId);
      const sizes: number[] = [];
      let lastId: unknown = null;
      for await (const batch of stream) {
        sizes.push(batch.length);
        for (const row of batch) expect(row).toHaveLength(stream.columns.length);
        lastId = batch.at(-1)?.[trackId];
      }
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(chinookCounts.Track);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(500);
      expect(sizes.length).toBeGreaterThanOrEqual(Math.ceil(chinookCounts.Track / 500));
      expect(lastId).toBe(chinookCounts.Track);
    });

    it('frees the connection when a stream is closed early', async () => {
      const single = connect({ maxConnections: 1 });
      try {
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const stream = await single.stream(`SELECT * FROM ${t('Track')}`, { ...read, batchSize: 100 });
          for await (const batch of stream) {
            expect(batch).toHaveLength(100);
            break;
          }
        }
        const unread = await single.stream(`SELECT * FROM ${t('Track')}`, { ...read, batchSize: 100 });
        await unread.close();
        await expect(single.run('SELECT 1 AS one', { ...read, timeoutMs: 3000 })).resolves.toMatchObject({
          columns: [{ name: r('one') }],
          rows: [[1]],
        });
      } finally {
        await single.close();
      }
    });

    it('refuses writes in safe mode before anything reaches the service', async () => {
      const before = target.fake.seen();
      for (const sql of target.writes) {
        const error = await connectorFailure(connector.run(sql, read));
        expect(error.kind, sql).toBe('read_only');
        expect(error.message, sql).toMatch(/^Safe mode is on/);
      }
      expect(target.fake.seen()).toBe(before);
      const count = await connector.run(`SELECT count(*) AS n FROM ${t('Track')}`, read);
      expect(count).toMatchObject({ columns: [{ name: r('n') }], rows: [[chinookCounts.Track]] });
    });

    it('names an authentication failure as such', async () => {
      const wrong = createConnector(target.engine, target.wrongSecret, target.options);
      try {
        const error = await connectorFailure(wrong.test());
        expect(error.kind).toBe('auth');
        expect(error.message).toMatch(target.authMessage);
      } finally {
        await wrong.close();
      }
    });

    it('names an unreachable service as such', async () => {
      const away = createConnector(target.engine, target.details, target.unreachableOptions);
      try {
        const error = await connectorFailure(away.test());
        expect(error.kind).toBe('unreachable');
        expect(error.message).toMatch(/^Cannot reach 127\.0\.0\.1:\d+ — is the server running/);
        expect(error.message).toContain('ECONNREFUSED');
      } finally {
        await away.close();
      }
    });

    it('closes', async () => {
      const other = connect();
      await other.run('SELECT 1', read);
      await expect(other.close()).resolves.toBeUndefined();
      await expect(other.run('SELECT 1', read)).rejects.toThrow(/closed/);
    });
  });
}
