import type {
  Dashboard,
  DashboardData,
  DashboardSummary,
  FilterValues,
  MetricQueryResult,
  QueryResults,
  SavedQuery,
  SemanticModelState,
  TileData,
} from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unshareOwnedObjects } from '../../../src/modules/ownership/unshare-owned-objects.ts';
import type { StoreDb } from '../../../src/store/connect.ts';
import { newId } from '../../../src/store/values.ts';
import { insertEntity, insertIssue } from '../../helpers/seed-quality.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { expectError } from '../../helpers/api-client.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import { type AcmeDemoApp, startAcmeDemoApp } from '../../helpers/acme-demo-app.ts';

/*
 * Dashboards over real HTTP, on the SQLite and the PostgreSQL store, on the generated Demo shop:
 * made, pinned with a saved query, a metric query and Markdown, arranged with versions (a stale
 * layout refused), shared with the organisation and made public, and their data answered for
 * each viewer with their own access. Ann owns the database in Acme; Ben is her colleague, Eve of
 * no organisation, Vic an anonymous visitor.
 */

const countriesSql =
  'SELECT country_code, COUNT(*) AS customers FROM customers GROUP BY country_code ORDER BY country_code';

for (const dialect of await storeDialects('Dashboards')) {
  describe.skipIf(!dialect.run)(`dashboards on the ${dialect.name}`, () => {
    let api: ApiClient;
    let db: StoreDb;
    let demoId: string;
    const people = { ann: newId(), ben: newId(), eve: newId() };
    const vic = newId();
    const as = (user: string) => ({ user });

    /** A saved query of Ann's on the demo shop (private to her). */
    const saveQuery = async (sql: string, title = 'Customers by country', user = people.ann) => {
      const saved = await api.post<SavedQuery>('/api/query', { title, sql, databaseId: demoId }, as(user));
      expect(saved.status, saved.text).toBe(201);
      return saved.body;
    };
    const createDashboard = async (name = 'Morning numbers', user = people.ann) => {
      const created = await api.post<Dashboard>('/api/dashboards', { name }, as(user));
      expect(created.status, created.text).toBe(201);
      return created.body;
    };
    const addTile = async (dashboardId: string, body: unknown, user = people.ann) => {
      const added = await api.post<Dashboard>(`/api/dashboards/${dashboardId}/tiles`, body, as(user));
      expect(added.status, added.text).toBe(201);
      return added.body;
    };
    const dataOf = async (dashboardId: string, user: string) => {
      const data = await api.get<DashboardData>(`/api/dashboards/${dashboardId}/data`, as(user));
      expect(data.status, data.text).toBe(200);
      return data.body;
    };
    const tileData = (data: DashboardData, tileId: string): TileData => {
      const found = data.tiles.find((tile) => tile.tileId === tileId);
      if (found === undefined) throw new Error(`No data for tile ${tileId}`);
      return found;
    };
    /** The same SQL through the editor's path, as the caller. */
    const runDirectly = async (sql: string, user = people.ann) => {
      const run = await api.post<QueryResults>(
        '/api/query/_run',
        { databaseId: demoId, query: sql },
        as(user),
      );
      expect(run.status, run.text).toBe(200);
      return run.body;
    };

    let app: AcmeDemoApp;
    beforeAll(async () => {
      app = await startAcmeDemoApp(dialect, people, vic);
      ({ api, db, demoId } = app);
    });

    afterAll(() => app.stop());

    it('creates a private dashboard at version 1, seen and listed by its owner only', async () => {
      const made = await createDashboard('Morning numbers');
      expect(made).toMatchObject({
        name: 'Morning numbers',
        description: null,
        ownerId: people.ann,
        ownerName: 'Ann Lee',
        shared: false,
        public: false,
        version: 1,
        tiles: [],
        abilities: { edit: true, delete: true, share: true, publish: true, run: false },
      });
      const listed = (await api.get<DashboardSummary[]>('/api/dashboards', as(people.ann))).body;
      expect(listed.find((dashboard) => dashboard.id === made.id)).toMatchObject({
        tileCount: 0,
        version: 1,
      });
      for (const other of [people.ben, people.eve, vic]) {
        expectError(await api.get(`/api/dashboards/${made.id}`, as(other)), 404, { code: 'NOT_FOUND' });
        expectError(await api.get(`/api/dashboards/${made.id}/data`, as(other)), 404);
        const theirs = (await api.get<DashboardSummary[]>('/api/dashboards', as(other))).body;
        expect(theirs.map((dashboard) => dashboard.id)).not.toContain(made.id);
      }
      expectError(await api.get('/api/dashboards/nothing-here', as(people.ann)), 404);
    });

    it('refuses bad input with a 400 naming the field', async () => {
      const made = await createDashboard();
      const path = `/api/dashboards/${made.id}`;
      expectError(await api.post('/api/dashboards', { name: '  ' }, as(people.ann)), 400, { field: 'name' });
      expectError(await api.post('/api/dashboards', { name: 'x', color: 'red' }, as(people.ann)), 400);
      expectError(await api.put(path, { name: 'No version' }, as(people.ann)), 400, { field: 'version' });
      expectError(
        await api.put(
          path,
          { version: 1, layout: [{ tileId: 'a', x: 8, y: 0, w: 6, h: 4 }] },
          as(people.ann),
        ),
        400,
        { field: 'layout.0.w' },
      );
      expectError(
        await api.put(
          path,
          { version: 1, layout: [{ tileId: 'nope', x: 0, y: 0, w: 6, h: 4 }] },
          as(people.ann),
        ),
        400,
        { field: 'layout.0.tileId', message: 'This dashboard has no tile nope' },
      );
      expectError(await api.post(`${path}/tiles`, {}, as(people.ann)), 400, { field: 'savedQueryId' });
      expectError(await api.post(`${path}/tiles`, { text: '# Hi', savedQueryId: 'x' }, as(people.ann)), 400, {
        field: 'savedQueryId',
      });
      expectError(
        await api.post(`${path}/tiles`, { metricQuery: { metrics: ['order_count'] } }, as(people.ann)),
        400,
        { field: 'databaseId' },
      );
      expectError(
        await api.post(
          `${path}/tiles`,
          { text: '# Hi', layout: { x: -1, y: 0, w: 2, h: 2 } },
          as(people.ann),
        ),
        400,
        { field: 'layout.x' },
      );
      // Nothing was written by any of these.
      expect((await api.get<Dashboard>(path, as(people.ann))).body).toMatchObject({ version: 1, tiles: [] });
    });

    it('pins a saved query, a metric query and Markdown, each at the first free place', async () => {
      const dashboard = await createDashboard('Shop');
      const query = await saveQuery(countriesSql);
      const withQuery = await addTile(dashboard.id, { savedQueryId: query.id });
      expect(withQuery.version).toBe(2);
      expect(withQuery.tiles).toEqual([
        {
          id: expect.any(String) as string,
          kind: 'query',
          title: 'Customers by country',
          savedQueryId: query.id,
          chart: null,
          layout: { x: 0, y: 0, w: 6, h: 4 },
        },
      ]);

      // The metric query is checked against the model every reader reads: before anyone saved one,
      // the one proposed from the schema.
      const metricBody = {
        databaseId: demoId,
        metricQuery: {
          metrics: ['order_count'],
          dimensions: [{ dimension: 'status' }],
          orderBy: [{ field: 'status' }],
        },
        title: 'Orders by status',
      };
      expectError(
        await api.post(
          `/api/dashboards/${dashboard.id}/tiles`,
          { ...metricBody, metricQuery: { metrics: ['order_cuont'] } },
          as(people.ann),
        ),
        400,
        { field: 'metricQuery.metrics[0]', message: /did you mean order_count/ },
      );
      const proposed = await api.post<SemanticModelState>(
        `/api/databases/${demoId}/semantic-model/proposal`,
        undefined,
        as(people.ann),
      );
      expect(proposed.status, proposed.text).toBe(200);
      const accepted = await api.post(
        `/api/databases/${demoId}/semantic-model/proposal/accept`,
        { version: 0 },
        as(people.ann),
      );
      expect(accepted.status, accepted.text).toBe(200);
      expectError(
        await api.post(
          `/api/dashboards/${dashboard.id}/tiles`,
          { ...metricBody, metricQuery: { metrics: ['order_cuont'] } },
          as(people.ann),
        ),
        400,
        { field: 'metricQuery.metrics[0]', message: /did you mean order_count/ },
      );
      const withMetric = await addTile(dashboard.id, {
        ...metricBody,
        chart: { type: 'bar', x: 'status', y: ['order_count'] },
      });
      expect(withMetric.tiles[1]).toMatchObject({
        kind: 'metric',
        databaseId: demoId,
        title: 'Orders by status',
        chart: { type: 'bar', x: 'status', y: ['order_count'] },
        // Beside the first: the first free place.
        layout: { x: 6, y: 0, w: 6, h: 4 },
      });
      const withText = await addTile(dashboard.id, { text: '## Read me\nUpdated every morning.' });
      expect(withText.version).toBe(4);
      expect(withText.tiles[2]).toMatchObject({
        kind: 'text',
        title: null,
        text: '## Read me\nUpdated every morning.',
        layout: { x: 0, y: 4, w: 12, h: 2 },
      });

      // Every query and metric tile answers its rows: those of the same SQL run by hand.
      const data = await dataOf(dashboard.id, people.ann);
      expect(data).toMatchObject({ dashboardId: dashboard.id, version: 4 });
      expect(data.tiles.map((tile) => tile.tileId)).toEqual([withText.tiles[0]?.id, withText.tiles[1]?.id]);
      const queryData = tileData(data, withText.tiles[0]?.id ?? '');
      const direct = await runDirectly(countriesSql);
      expect(queryData).toMatchObject({ error: null, truncated: false, count: direct.count });
      expect(queryData.columns).toEqual(direct.columns);
      expect(queryData.rows).toEqual(direct.rows);
      expect(queryData.rows.length).toBeGreaterThan(3);
      expect(Date.parse(queryData.computedAt ?? '')).not.toBeNaN();
      const metric = await api.post<MetricQueryResult>(
        `/api/databases/${demoId}/metrics/query`,
        metricBody.metricQuery,
        as(people.ann),
      );
      expect(metric.status, metric.text).toBe(200);
      const metricData = tileData(data, withText.tiles[1]?.id ?? '');
      expect(metricData.error).toBeNull();
      expect(metricData.rows).toEqual(metric.body.rows);
      expect(metricData.rows.map((row) => row[0])).toEqual([
        'cancelled',
        'delivered',
        'processing',
        'returned',
        'shipped',
      ]);

      // A view keeps nothing: not in the viewer's history, not the query's last result.
      const history = (await api.get<{ sql: string }[]>('/api/query-history', as(people.ann))).body;
      expect(history.filter((entry) => entry.sql === countriesSql)).toHaveLength(1);
      expect((await api.get<SavedQuery>(`/api/query/${query.id}`, as(people.ann))).body.lastRun).toBeNull();

      const listed = (await api.get<DashboardSummary[]>('/api/dashboards', as(people.ann))).body;
      expect(listed[0]).toMatchObject({ id: dashboard.id, tileCount: 3 });
    });

    it('checks what is pinned: a chart against the result, only saved queries the caller may read', async () => {
      const dashboard = await createDashboard('Checked');
      const query = await saveQuery(countriesSql);
      expectError(
        await api.post(
          `/api/dashboards/${dashboard.id}/tiles`,
          { savedQueryId: query.id, chart: { type: 'bar', x: 'country_code', y: ['revenue'] } },
          as(people.ann),
        ),
        400,
        { field: 'chart.y[0]', message: /no column "revenue"/ },
      );
      const charted = await addTile(dashboard.id, {
        savedQueryId: query.id,
        title: 'Where customers live',
        chart: { type: 'bar', x: 'country_code', y: ['customers'] },
      });
      expect(charted.tiles[0]).toMatchObject({
        title: 'Where customers live',
        chart: { type: 'bar', x: 'country_code', y: ['customers'] },
      });
      // A run from the history is no saved query; Eve's own query is not Ann's to pin.
      const run = await runDirectly('SELECT 1 AS one');
      expectError(
        await api.post(
          `/api/dashboards/${dashboard.id}/tiles`,
          { savedQueryId: run.queryId },
          as(people.ann),
        ),
        400,
        { field: 'savedQueryId', message: 'Only a saved query can be pinned: save it first' },
      );
      const bens = await saveQuery('SELECT 2 AS two', 'Ben’s', people.ben);
      expectError(
        await api.post(`/api/dashboards/${dashboard.id}/tiles`, { savedQueryId: bens.id }, as(people.ann)),
        404,
      );
      expectError(
        await api.post(`/api/dashboards/${dashboard.id}/tiles`, { text: 'Mine now' }, as(people.ben)),
        404,
      );
      expect(
        (await api.get<Dashboard>(`/api/dashboards/${dashboard.id}`, as(people.ann))).body.tiles,
      ).toHaveLength(1);
    });

    it('arranges tiles on the version they were seen at, refusing a stale layout with 409', async () => {
      const dashboard = await createDashboard('Arranged');
      const first = await addTile(dashboard.id, { text: 'One' });
      const second = await addTile(dashboard.id, { text: 'Two' });
      const [one, two] = second.tiles;
      expect(second.version).toBe(3);
      const moved = await api.put<Dashboard>(
        `/api/dashboards/${dashboard.id}`,
        {
          version: 3,
          name: 'Arranged well',
          description: 'Side by side',
          layout: [
            { tileId: two?.id, x: 0, y: 0, w: 6, h: 3 },
            { tileId: one?.id, x: 6, y: 0, w: 6, h: 3 },
          ],
        },
        as(people.ann),
      );
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body).toMatchObject({ version: 4, name: 'Arranged well', description: 'Side by side' });
      // Reading order follows the grid: Two is now first.
      expect(moved.body.tiles.map((tile) => [tile.kind === 'text' ? tile.text : '', tile.layout])).toEqual([
        ['Two', { x: 0, y: 0, w: 6, h: 3 }],
        ['One', { x: 6, y: 0, w: 6, h: 3 }],
      ]);
      // Someone still looking at version 2 (before Two was added) or 3 is refused, and nothing moves.
      for (const stale of [first.version, second.version]) {
        expectError(
          await api.put(
            `/api/dashboards/${dashboard.id}`,
            { version: stale, layout: [{ tileId: one?.id, x: 0, y: 0, w: 12, h: 2 }] },
            as(people.ann),
          ),
          409,
          { code: 'CONFLICT', field: 'version', message: /it is at version 4/ },
        );
      }
      const after = (await api.get<Dashboard>(`/api/dashboards/${dashboard.id}`, as(people.ann))).body;
      expect(after.version).toBe(4);
      expect(after.tiles.map((tile) => tile.layout.x)).toEqual([0, 6]);

      // Removing a tile counts as a change; the description can be cleared.
      const removed = await api.del<Dashboard>(
        `/api/dashboards/${dashboard.id}/tiles/${one?.id}`,
        as(people.ann),
      );
      expect(removed.status, removed.text).toBe(200);
      expect(removed.body.version).toBe(5);
      expect(removed.body.tiles.map((tile) => tile.id)).toEqual([two?.id]);
      expectError(await api.del(`/api/dashboards/${dashboard.id}/tiles/${one?.id}`, as(people.ann)), 404);
      const cleared = await api.put<Dashboard>(
        `/api/dashboards/${dashboard.id}`,
        { version: 5, description: null },
        as(people.ann),
      );
      expect(cleared.body).toMatchObject({ version: 6, description: null });
    });

    it('shows a shared dashboard to colleagues read-only, with the data their access allows', async () => {
      const dashboard = await createDashboard('Team numbers');
      // Ann's query stays private to her: the dashboard shows its result, not the query.
      const query = await saveQuery(countriesSql);
      const pinned = await addTile(dashboard.id, { savedQueryId: query.id });
      const tileId = pinned.tiles[0]?.id ?? '';
      const path = `/api/dashboards/${dashboard.id}`;

      expectError(
        await api.put(`/api/sharing/dashboard/${dashboard.id}`, { shared: true }, as(people.ben)),
        404,
      );
      const shared = await api.put(
        `/api/sharing/dashboard/${dashboard.id}`,
        { shared: true },
        as(people.ann),
      );
      expect(shared.status, shared.text).toBe(200);
      expect(shared.body).toEqual({ kind: 'dashboard', id: dashboard.id, shared: true });

      const seen = await api.get<Dashboard>(path, as(people.ben));
      expect(seen.status, seen.text).toBe(200);
      expect(seen.body).toMatchObject({
        shared: true,
        version: 2,
        abilities: { edit: false, delete: false, share: false, publish: false },
      });
      const listed = (await api.get<DashboardSummary[]>('/api/dashboards', as(people.ben))).body;
      expect(listed.map((item) => item.id)).toContain(dashboard.id);
      expectError(await api.get(`/api/query/${query.id}`, as(people.ben)), 404);
      const bens = tileData(await dataOf(dashboard.id, people.ben), tileId);
      expect(bens.error).toBeNull();
      expect(bens.rows).toEqual((await runDirectly(countriesSql, people.ben)).rows);

      // Colleagues only read it.
      expectError(await api.put(path, { version: 2, name: 'Mine' }, as(people.ben)), 403, {
        code: 'FORBIDDEN',
      });
      expectError(await api.post(`${path}/tiles`, { text: 'Hi' }, as(people.ben)), 403);
      expectError(await api.del(`${path}/tiles/${tileId}`, as(people.ben)), 403);
      expectError(await api.del(path, as(people.ben)), 403);
      expectError(await api.put(path, { version: 2, public: true }, as(people.ben)), 403);
      // Outside the organisation it does not exist.
      expectError(await api.get(path, as(people.eve)), 404);
      expectError(await api.get(path, as(vic)), 404);

      // The organisation is deleted: what Ann shared with it is hers alone again.
      await unshareOwnedObjects(db, people.ann);
      expectError(await api.get(path, as(people.ben)), 404);
      expect((await api.get<Dashboard>(path, as(people.ann))).body.shared).toBe(false);
    });

    it('shows a public dashboard to everyone, each tile answering "no access" where its database is not theirs', async () => {
      const dashboard = await createDashboard('For everyone');
      const query = await saveQuery(countriesSql);
      const withTile = await addTile(dashboard.id, { savedQueryId: query.id });
      const tileId = withTile.tiles[0]?.id ?? '';
      const published = await api.put<Dashboard>(
        `/api/dashboards/${dashboard.id}`,
        { version: 2, public: true },
        as(people.ann),
      );
      expect(published.status, published.text).toBe(200);
      expect(published.body).toMatchObject({ public: true, version: 3 });

      for (const stranger of [people.eve, vic]) {
        const seen = await api.get<Dashboard>(`/api/dashboards/${dashboard.id}`, as(stranger));
        expect(seen.status, seen.text).toBe(200);
        expect(seen.body.abilities.edit).toBe(false);
        const listed = (await api.get<DashboardSummary[]>('/api/dashboards', as(stranger))).body;
        expect(listed.map((item) => item.id)).toContain(dashboard.id);
        // The demo shop is Ann's organisation's, not theirs: the tile shows no data at all.
        expect(tileData(await dataOf(dashboard.id, stranger), tileId)).toEqual({
          tileId,
          columns: [],
          rows: [],
          count: null,
          truncated: false,
          computedAt: null,
          error: 'no access',
          entities: [],
        });
      }
      // Once the database is public too, the visitor sees the rows (read-only, as any visitor).
      await db.updateTable('databases').set({ public: true }).where('id', '=', demoId).execute();
      try {
        const visitors = tileData(await dataOf(dashboard.id, vic), tileId);
        expect(visitors.error).toBeNull();
        expect(visitors.rows).toEqual((await runDirectly(countriesSql)).rows);
      } finally {
        await db.updateTable('databases').set({ public: false }).where('id', '=', demoId).execute();
      }
      // A visitor keeps dashboards of their own but may not publish them.
      const visitors = await createDashboard('Visitor’s', vic);
      expect(visitors.abilities).toMatchObject({ edit: true, share: false, publish: false });
      expectError(
        await api.put(`/api/dashboards/${visitors.id}`, { version: 1, public: true }, as(vic)),
        403,
      );
      expectError(await api.put(`/api/sharing/dashboard/${visitors.id}`, { shared: true }, as(vic)), 403);
    });

    it('names on each tile the business entities it reads, with their quality and open issues', async () => {
      const customer = await insertEntity(db, demoId, {
        name: 'Customer',
        tableRef: 'customers',
        qualityScore: 82,
        completeness: 95,
      });
      await insertEntity(db, demoId, { name: 'Product', tableRef: 'products', qualityScore: 60 });
      await insertIssue(db, demoId, {
        title: 'Customers without a country',
        entityId: customer,
        createdAt: '2026-11-01T00:00:00.000Z',
      });
      const query = await saveQuery(countriesSql, 'Customers per country');
      const dashboard = await createDashboard('Trusted numbers');
      const withQuery = await addTile(dashboard.id, { savedQueryId: query.id });
      const withMetric = await addTile(dashboard.id, {
        databaseId: demoId,
        metricQuery: { metrics: ['order_count'] },
      });
      const data = await dataOf(dashboard.id, people.ann);
      expect(tileData(data, withQuery.tiles[0]?.id ?? '').entities).toEqual([
        { id: customer, name: 'Customer', qualityScore: 82, completeness: 95, openIssues: 1 },
      ]);
      // The metric's SQL reads the orders, which no entity here stands for.
      const metricTile = tileData(data, withMetric.tiles[1]?.id ?? '');
      expect(metricTile.error).toBeNull();
      expect(metricTile.entities).toEqual([]);
    });

    it('runs tiles read-only, and keeps each tile’s failure to itself', async () => {
      const dashboard = await createDashboard('Failures');
      const broken = await saveQuery('SELECT * FROM no_such_table', 'Broken');
      const writer = await saveQuery("UPDATE customers SET country_code = 'written by a tile'", 'Writer');
      const fine = await saveQuery('SELECT COUNT(*) AS n FROM customers', 'Fine');
      for (const query of [broken, writer, fine]) await addTile(dashboard.id, { savedQueryId: query.id });
      const tiles = (await api.get<Dashboard>(`/api/dashboards/${dashboard.id}`, as(people.ann))).body.tiles;
      const data = await dataOf(dashboard.id, people.ann);
      const [brokenData, writerData, fineData] = tiles.map((tile) => tileData(data, tile.id));
      expect(brokenData?.error).toMatch(/no such table/);
      expect(brokenData?.rows).toEqual([]);
      expect(Date.parse(brokenData?.computedAt ?? '')).not.toBeNaN();
      expect(writerData?.error).not.toBeNull();
      expect(fineData).toMatchObject({ error: null, columns: [{ name: 'n' }] });
      const unchanged = await runDirectly(
        "SELECT COUNT(*) AS n FROM customers WHERE country_code = 'written by a tile'",
      );
      expect(unchanged.rows).toEqual([[0]]);

      // A deleted saved query leaves its tile, which says so.
      const deleted = await api.del(`/api/query/${fine.id}`, as(people.ann));
      expect(deleted.status, deleted.text).toBe(204);
      const after = (await api.get<Dashboard>(`/api/dashboards/${dashboard.id}`, as(people.ann))).body;
      expect(after.tiles[2]).toMatchObject({ kind: 'query', savedQueryId: null });
      expect(tileData(await dataOf(dashboard.id, people.ann), after.tiles[2]?.id ?? '')).toMatchObject({
        error: 'The saved query of this tile was deleted',
        rows: [],
        computedAt: null,
      });
    });

    it('deletes a dashboard with its tiles for its owner only; the saved queries stay', async () => {
      const dashboard = await createDashboard('Short-lived');
      const query = await saveQuery(countriesSql);
      await addTile(dashboard.id, { savedQueryId: query.id });
      expectError(await api.del(`/api/dashboards/${dashboard.id}`, as(people.eve)), 404);
      const deleted = await api.del(`/api/dashboards/${dashboard.id}`, as(people.ann));
      expect(deleted.status, deleted.text).toBe(204);
      expectError(await api.get(`/api/dashboards/${dashboard.id}`, as(people.ann)), 404);
      const tiles = await db
        .selectFrom('dashboard_tiles')
        .select('id')
        .where('dashboard_id', '=', dashboard.id)
        .execute();
      expect(tiles).toEqual([]);
      expect((await api.get(`/api/query/${query.id}`, as(people.ann))).status).toBe(200);
    });

    it('drives a metric tile by a dimension of its model: the filter becomes a metric-query filter', async () => {
      const dashboard = await createDashboard('Orders');
      const metricQuery = {
        metrics: ['order_count'],
        dimensions: [{ dimension: 'status' }],
        orderBy: [{ field: 'status' }],
      };
      const added = await addTile(dashboard.id, { databaseId: demoId, metricQuery });
      const tileId = added.tiles[0]?.id ?? '';
      const filtered = await api.put<Dashboard>(
        `/api/dashboards/${dashboard.id}`,
        {
          version: added.version,
          filters: [
            {
              name: 'status',
              label: 'Status',
              kind: 'category',
              bindings: [{ tileId, dimension: 'status' }],
            },
          ],
        },
        as(people.ann),
      );
      expect(filtered.status, filtered.text).toBe(200);
      // A metric tile is bound by a dimension, not a column.
      expectError(
        await api.put(
          `/api/dashboards/${dashboard.id}`,
          {
            version: filtered.body.version,
            filters: [
              { name: 'status', label: 'Status', kind: 'category', bindings: [{ tileId, column: 'status' }] },
            ],
          },
          as(people.ann),
        ),
        400,
        { field: 'filters.0.bindings.0.dimension' },
      );

      const data = await api.get<DashboardData>(
        `/api/dashboards/${dashboard.id}/data?f.status=delivered&f.status=shipped`,
        as(people.ann),
      );
      expect(data.status, data.text).toBe(200);
      const byHand = await api.post<MetricQueryResult>(
        `/api/databases/${demoId}/metrics/query`,
        {
          ...metricQuery,
          filters: [{ dimension: 'status', operator: 'in', values: ['delivered', 'shipped'] }],
        },
        as(people.ann),
      );
      expect(byHand.status, byHand.text).toBe(200);
      const rows = tileData(data.body, tileId).rows;
      expect(rows).toEqual(byHand.body.rows);
      expect(rows.map((row) => row[0])).toEqual(['delivered', 'shipped']);

      const hostile = await api.get<DashboardData>(
        `/api/dashboards/${dashboard.id}/data?f.status=${encodeURIComponent("x'); DROP TABLE orders; --")}`,
        as(people.ann),
      );
      expect(tileData(hostile.body, tileId)).toMatchObject({ error: null, rows: [] });
      expect((await runDirectly('SELECT count(*) AS n FROM orders')).rows[0]?.[0]).toBeGreaterThan(0);

      const offered = await api.get<FilterValues>(
        `/api/dashboards/${dashboard.id}/filters/status/values`,
        as(people.ann),
      );
      expect(offered.body).toEqual({
        name: 'status',
        values: ['cancelled', 'delivered', 'processing', 'returned', 'shipped'],
        truncated: false,
      });

      // Shared with Acme: Ben sees the same filtered rows, read-only; Eve, of no organisation, nothing.
      const shared = await api.put(
        `/api/sharing/dashboard/${dashboard.id}`,
        { shared: true },
        as(people.ann),
      );
      expect(shared.status, shared.text).toBe(200);
      const bens = await api.get<DashboardData>(
        `/api/dashboards/${dashboard.id}/data?f.status=delivered&f.status=shipped`,
        as(people.ben),
      );
      expect(tileData(bens.body, tileId).rows).toEqual(byHand.body.rows);
      expectError(
        await api.put(
          `/api/dashboards/${dashboard.id}`,
          { version: filtered.body.version, filters: [] },
          as(people.ben),
        ),
        403,
      );
      expectError(
        await api.get(`/api/dashboards/${dashboard.id}/data?f.status=delivered`, as(people.eve)),
        404,
      );
      expectError(
        await api.get(`/api/dashboards/${dashboard.id}/filters/status/values`, as(people.eve)),
        404,
      );
    });
  });
}
