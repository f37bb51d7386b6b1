import type {
  Dashboard,
  DashboardData,
  Database,
  FilterValues,
  QueryResults,
  SavedQuery,
} from '@querent/contracts';
import Database3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient, expectError } from '../../helpers/api-client.ts';
import { openScratchPostgres } from '../../helpers/scratch-postgres.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * A dashboard's filters over real HTTP, on a SQLite file and a PostgreSQL database holding the
 * same sales: three saved queries pinned, one date filter driving all three (each through a
 * different column name), a category and a number filter. Filtered rows equal the same SQL
 * filtered by hand; values full of quotes, semicolons and comments are bound, never executed
 * (the `victims` table they name survives); bad values are a 400 naming `f.<name>`.
 */

const hostileRegion = "O'Brien'; DROP TABLE victims; --";

const salesSetup = (engine: 'sqlite' | 'postgres') => [
  `CREATE TABLE sales (id INTEGER PRIMARY KEY, day DATE NOT NULL, region TEXT NOT NULL, amount ${engine === 'sqlite' ? 'INTEGER' : 'integer'} NOT NULL)`,
  'CREATE TABLE victims (id INTEGER)',
  'INSERT INTO victims VALUES (1)',
  `INSERT INTO sales VALUES
    (1, '2024-01-05', 'North', 10),
    (2, '2024-01-31', 'South', 20),
    (3, '2024-02-01', 'North', 30),
    (4, '2024-02-29', 'East', 40),
    (5, '2024-03-15', 'O''Brien''; DROP TABLE victims; --', 50),
    (6, '2024-03-31', 'South', 60)`,
];

interface Engine {
  label: string;
  register(api: ApiClient): Promise<string>;
  dispose(): Promise<void>;
}

async function sqliteSales(): Promise<Engine> {
  const { dir, remove } = await temporaryDirectory('querent-filters-');
  const filename = `${dir}/sales.sqlite`;
  const setup = new Database3(filename);
  setup.exec(salesSetup('sqlite').join(';\n'));
  setup.close();
  return {
    label: 'SQLite',
    register: async (api) =>
      (await api.post<Database>('/api/databases', { name: 'Sales', engine: 'sqlite', details: { filename } }))
        .body.id,
    dispose: remove,
  };
}

async function postgresSales(): Promise<Engine> {
  const scratch = await openScratchPostgres(salesSetup('postgres').join(';\n'));
  return {
    label: 'PostgreSQL',
    register: async (api) =>
      (
        await api.post<Database>('/api/databases', {
          name: 'Sales',
          engine: 'postgres',
          details: scratch.details,
        })
      ).body.id,
    dispose: () => scratch.dispose(),
  };
}

/** Rows in a stable order: a filtered query is a subquery, whose order the database need not keep. */
const sorted = (rows: unknown[][]) => [...rows].map((row) => JSON.stringify(row)).sort();

for (const open of [sqliteSales, postgresSales]) {
  const engine = await open();
  describe(`dashboard filters on ${engine.label}`, () => {
    let running: RunningApp;
    let api: ApiClient;
    let databaseId: string;
    let dashboard: Dashboard;
    const tiles: Record<'lines' | 'doubled' | 'sold', string> = { lines: '', doubled: '', sold: '' };

    const save = async (title: string, sql: string) => {
      const saved = await api.post<SavedQuery>('/api/query', { title, sql, databaseId });
      expect(saved.status, saved.text).toBe(201);
      return saved.body.id;
    };
    const pin = async (savedQueryId: string) => {
      const added = await api.post<Dashboard>(`/api/dashboards/${dashboard.id}/tiles`, { savedQueryId });
      expect(added.status, added.text).toBe(201);
      dashboard = added.body;
      const tile = dashboard.tiles.find(
        (candidate) => candidate.kind === 'query' && candidate.savedQueryId === savedQueryId,
      );
      if (tile === undefined) throw new Error('The pinned tile is missing');
      return tile.id;
    };
    const dataWith = async (query: string) => {
      const data = await api.get<DashboardData>(`/api/dashboards/${dashboard.id}/data?${query}`);
      expect(data.status, data.text).toBe(200);
      return data.body;
    };
    const rowsOf = (data: DashboardData, tileId: string) => {
      const tile = data.tiles.find((candidate) => candidate.tileId === tileId);
      expect(tile?.error ?? null).toBeNull();
      return tile?.rows ?? [];
    };
    /** The same SQL, filtered by hand, through the editor's path. */
    const byHand = async (sql: string) => {
      const run = await api.post<QueryResults>('/api/query/_run', { databaseId, query: sql });
      expect(run.status, run.text).toBe(200);
      expect(run.body.error).toBeNull();
      return run.body.rows;
    };

    beforeAll(async () => {
      running = await startTestApp({});
      api = apiClient(running.baseUrl);
      databaseId = await engine.register(api);
      dashboard = (await api.post<Dashboard>('/api/dashboards', { name: 'Sales' })).body;
      // A trailing semicolon and comment, as pinned answers may have: the subquery leaves them out.
      tiles.lines = await pin(
        await save('Lines', 'SELECT day, region, amount FROM sales ORDER BY id; -- all'),
      );
      tiles.doubled = await pin(await save('Doubled', 'SELECT day, amount * 2 AS doubled FROM sales'));
      tiles.sold = await pin(await save('Sold', 'SELECT id, day AS sold_on FROM sales WHERE amount > 5'));
    });

    afterAll(async () => {
      await running.stop();
      await engine.dispose();
    });

    it('keeps filters bound to the tiles, each by its own column, under a new version', async () => {
      const updated = await api.put<Dashboard>(`/api/dashboards/${dashboard.id}`, {
        version: dashboard.version,
        filters: [
          {
            name: 'period',
            label: 'Period',
            kind: 'date',
            bindings: [
              { tileId: tiles.lines, column: 'day' },
              { tileId: tiles.doubled, column: 'day' },
              { tileId: tiles.sold, column: 'sold_on' },
            ],
          },
          {
            name: 'region',
            label: 'Region',
            kind: 'category',
            bindings: [{ tileId: tiles.lines, column: 'region' }],
          },
          {
            name: 'amount',
            label: 'Amount',
            kind: 'number',
            bindings: [{ tileId: tiles.lines, column: 'amount' }],
          },
        ],
      });
      expect(updated.status, updated.text).toBe(200);
      expect(updated.body.version).toBe(dashboard.version + 1);
      expect(updated.body.filters.map((filter) => filter.name)).toEqual(['period', 'region', 'amount']);
      dashboard = updated.body;
      const read = await api.get<Dashboard>(`/api/dashboards/${dashboard.id}`);
      expect(read.body.filters).toEqual(updated.body.filters);
    });

    it('drives all three tiles with one date filter, as the same SQL filtered by hand', async () => {
      const data = await dataWith('f.period=2024-01-01..2024-01-31');
      expect(sorted(rowsOf(data, tiles.lines))).toEqual(
        sorted(
          await byHand(
            "SELECT day, region, amount FROM sales WHERE day >= '2024-01-01' AND day < '2024-02-01'",
          ),
        ),
      );
      expect(rowsOf(data, tiles.lines)).toHaveLength(2);
      expect(sorted(rowsOf(data, tiles.doubled))).toEqual(
        sorted(
          await byHand(
            "SELECT day, amount * 2 AS doubled FROM sales WHERE day >= '2024-01-01' AND day < '2024-02-01'",
          ),
        ),
      );
      expect(sorted(rowsOf(data, tiles.sold))).toEqual(
        sorted(
          await byHand(
            "SELECT id, day AS sold_on FROM sales WHERE amount > 5 AND day >= '2024-01-01' AND day < '2024-02-01'",
          ),
        ),
      );
      // Changing the range changes every tile; an open end keeps the rest.
      const later = await dataWith('f.period=2024-02-29..');
      expect(rowsOf(later, tiles.sold).map((row) => row[0])).toEqual([4, 5, 6]);
      expect(rowsOf(later, tiles.doubled)).toHaveLength(3);
    });

    it('without values, every tile is whole', async () => {
      const data = await dataWith('');
      expect(rowsOf(data, tiles.lines)).toHaveLength(6);
      expect(rowsOf(data, tiles.sold)).toHaveLength(6);
    });

    it('binds category values full of quotes, semicolons and comments, and never runs them', async () => {
      const data = await dataWith(`f.region=${encodeURIComponent(hostileRegion)}`);
      expect(rowsOf(data, tiles.lines).map((row) => row[1])).toEqual([hostileRegion]);
      for (const hostile of [
        "North' OR '1'='1",
        "'; DROP TABLE victims; --",
        'x/*',
        '\\"; DELETE FROM sales; #',
      ]) {
        const none = await dataWith(`f.region=${encodeURIComponent(hostile)}`);
        expect(rowsOf(none, tiles.lines)).toEqual([]);
      }
      // The table the values name is still there, and every sale with it.
      expect(await byHand('SELECT count(*) AS n FROM victims')).toEqual([[1]]);
      expect(await byHand('SELECT count(*) AS n FROM sales')).toEqual([[6]]);
    });

    it('takes several category values, a number range, and filters together', async () => {
      const two = await dataWith('f.region=North&f.region=East');
      expect(sorted(rowsOf(two, tiles.lines))).toEqual(
        sorted(await byHand("SELECT day, region, amount FROM sales WHERE region IN ('North', 'East')")),
      );
      const both = await dataWith('f.region=North&f.region=South&f.amount=15..40&f.period=..2024-02-15');
      expect(sorted(rowsOf(both, tiles.lines))).toEqual(
        sorted(
          await byHand(
            "SELECT day, region, amount FROM sales WHERE region IN ('North', 'South') AND amount >= 15 AND amount <= 40 AND day < '2024-02-16'",
          ),
        ),
      );
      expect(rowsOf(both, tiles.lines)).toHaveLength(2);
    });

    it('offers a filter’s values from the data of the tile it is bound to', async () => {
      const offered = await api.get<FilterValues>(`/api/dashboards/${dashboard.id}/filters/region/values`);
      expect(offered.status, offered.text).toBe(200);
      expect(offered.body).toEqual({
        name: 'region',
        values: ['East', 'North', hostileRegion, 'South'],
        truncated: false,
      });
      expectError(await api.get(`/api/dashboards/${dashboard.id}/filters/nope/values`), 404);
    });

    it('refuses bad filter values and bindings with a 400 naming the field', async () => {
      const bad = (query: string) => api.get(`/api/dashboards/${dashboard.id}/data?${query}`);
      expectError(await bad('f.period=yesterday'), 400, { field: 'f.period' });
      expectError(await bad('f.period=2024-02-30..'), 400, { field: 'f.period' });
      expectError(await bad('f.amount=ten..20'), 400, { field: 'f.amount' });
      expectError(await bad('f.nope=1'), 400, { field: 'f.nope' });
      const put = (filters: unknown) =>
        api.put(`/api/dashboards/${dashboard.id}`, { version: dashboard.version, filters });
      const filter = { name: 'when', label: 'When', kind: 'date' };
      expectError(await put([{ ...filter, bindings: [{ tileId: 'nope', column: 'day' }] }]), 400, {
        field: 'filters.0.bindings.0.tileId',
      });
      expectError(await put([{ ...filter, bindings: [{ tileId: tiles.lines, dimension: 'day' }] }]), 400, {
        field: 'filters.0.bindings.0.column',
      });
      expectError(await put([{ ...filter, name: 'Bad name', bindings: [] }]), 400, {
        field: 'filters.0.name',
      });
      expectError(await put([filter, filter].map((one) => ({ ...one, bindings: [] }))), 400, {
        field: 'filters.1.name',
      });
    });
  });
}
