import type { Chart, Database, QueryResults, SavedQuery } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../src/modules/users/users.repo.ts';
import { newId } from '../../../src/store/values.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { actAsHeaderUser, apiClient, expectError } from '../../helpers/api-client.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/* Charts of query results: the stored config shape, its check against result columns, access. */
for (const dialect of await storeDialects('Charts')) {
  describe.skipIf(!dialect.run)(`charts on the ${dialect.name}`, () => {
    let appStore: AppStore;
    let running: RunningApp;
    let api: ApiClient;
    let chinook: { filename: string; remove: () => Promise<void> };
    let database: Database;
    let query: SavedQuery;
    const eve = newId();
    const sql =
      'SELECT g.Name AS genre, count(*) AS tracks, sum(t.Milliseconds) AS ms FROM Track t JOIN Genre g USING (GenreId) GROUP BY g.Name ORDER BY tracks DESC';

    beforeAll(async () => {
      chinook = await chinookSqliteCopy();
      appStore = await dialect.open();
      running = await startTestApp(appStore.env, {
        ...(appStore.store ? { store: appStore.store } : {}),
        beforeListen: actAsHeaderUser,
      });
      api = apiClient(running.baseUrl);
      await insertUser(running.built.store.db, { id: eve, role: 'member' });
      const created = await api.post<Database>('/api/databases', {
        name: 'Chinook',
        engine: 'sqlite',
        details: { filename: chinook.filename },
      });
      database = created.body;
      query = (
        await api.post<SavedQuery>('/api/query', { title: 'Tracks per genre', sql, databaseId: database.id })
      ).body;
    });

    afterAll(async () => {
      await running.stop();
      await appStore.dispose();
      await chinook.remove();
    });

    const config = { type: 'bar', x: 'genre', y: ['tracks', 'ms'] };

    it('saves a chart of a query that never ran: the query runs once, so the chart has data', async () => {
      const created = await api.post<Chart>('/api/charts', { queryId: query.id, title: 'Genres', config });
      expect(created.status, created.text).toBe(201);
      expect(created.body).toMatchObject({
        queryId: query.id,
        title: 'Genres',
        config,
        is_favorite: false,
        editable: true,
      });
      const results = await api.get<QueryResults>(`/api/query/${query.id}/results`);
      expect(results.body.count).toBe(25);
      const read = await api.get<Chart>(`/api/charts/${created.body.id}`);
      expect(read.body).toEqual(created.body);
    });

    it('names the config field at fault', async () => {
      const post = (body: Record<string, unknown>) =>
        api.post('/api/charts', { queryId: query.id, title: 'Bad', config, ...body });
      expectError(await post({ config: { ...config, y: ['tracks', 'nope'] } }), 400, {
        field: 'config.y[1]',
        message: /no column "nope".*genre, tracks, ms/,
      });
      expectError(await post({ config: { ...config, x: 'Genre' } }), 400, { field: 'config.x' });
      expectError(await post({ config: { ...config, series: 'nope' } }), 400, { field: 'config.series' });
      expectError(await post({ config: { type: 'pie', x: 'genre', y: ['tracks', 'ms'] } }), 400, {
        field: 'config.y',
      });
      expectError(await post({ config: { ...config, type: 'radar' } }), 400, { field: 'config.type' });
      expectError(await post({ config: { ...config, y: [] } }), 400, { field: 'config.y' });
      expectError(await post({ title: '' }), 400, { field: 'title' });
      expectError(await post({ queryId: 'nope' }), 404, { message: 'Query not found' });
    });

    it('charts a history run, running it to keep its rows', async () => {
      const run = await api.post<QueryResults>('/api/query/_run', {
        databaseId: database.id,
        query: 'SELECT MediaTypeId AS id, Name AS name FROM MediaType',
      });
      const created = await api.post<Chart>('/api/charts', {
        queryId: run.body.queryId,
        title: 'Media',
        config: { type: 'pie', x: 'name', y: ['id'], series: null },
      });
      expect(created.status, created.text).toBe(201);
      expect(created.body.config).toEqual({ type: 'pie', x: 'name', y: ['id'] });
    });

    it('lets the owner rename and reconfigure a chart, checked again', async () => {
      const created = await api.post<Chart>('/api/charts', { queryId: query.id, title: 'Old', config });
      const renamed = await api.put<Chart>(`/api/charts/${created.body.id}`, { title: 'New' });
      expect(renamed.body).toMatchObject({ title: 'New', config });
      const line = { type: 'line', x: 'genre', y: ['tracks'] };
      const changed = await api.put<Chart>(`/api/charts/${created.body.id}`, { config: line });
      expect(changed.body.config).toEqual(line);
      expectError(
        await api.put(`/api/charts/${created.body.id}`, { config: { ...line, y: ['tracks', 'x'] } }),
        400,
        {
          field: 'config.y[1]',
        },
      );
      expectError(await api.put(`/api/charts/${created.body.id}`, {}), 400);
      expectError(await api.put('/api/charts/nope', { title: 'x' }), 404, { message: 'Chart not found' });
    });

    it("hides a user's charts from other users: 404 on every route", async () => {
      const created = await api.post<Chart>('/api/charts', { queryId: query.id, title: 'Private', config });
      const id = created.body.id;
      const user = eve;
      expectError(await api.get(`/api/charts/${id}`, { user }), 404);
      expectError(await api.put(`/api/charts/${id}`, { title: 'x' }, { user }), 404);
      expectError(await api.del(`/api/charts/${id}`, { user }), 404);
      expectError(await api.put(`/api/charts/${id}/favorite`, { is_favorite: true }, { user }), 404);
      expectError(await api.post('/api/charts', { queryId: query.id, title: 'x', config }, { user }), 404);
    });

    it('deletes a chart, and a query with its charts and their stars', async () => {
      const own = await api.post<SavedQuery>('/api/query', { title: 'Doomed', sql, databaseId: database.id });
      const chart = await api.post<Chart>('/api/charts', {
        queryId: own.body.id,
        title: 'Doomed chart',
        config,
      });
      const other = await api.post<Chart>('/api/charts', { queryId: own.body.id, title: 'Other', config });
      expect((await api.put(`/api/charts/${chart.body.id}/favorite`, { is_favorite: true })).status).toBe(
        200,
      );
      expect((await api.get<Chart>(`/api/charts/${chart.body.id}`)).body.is_favorite).toBe(true);

      expect((await api.del(`/api/charts/${other.body.id}`)).status).toBe(204);
      expectError(await api.get(`/api/charts/${other.body.id}`), 404);

      expect((await api.del(`/api/query/${own.body.id}`)).status).toBe(204);
      expectError(await api.get(`/api/charts/${chart.body.id}`), 404);
      const stars = await running.built.store.db
        .selectFrom('favorites')
        .select('id')
        .where((eb) => eb.or([eb('chart_id', '=', chart.body.id), eb('query_id', '=', own.body.id)]))
        .execute();
      expect(stars).toEqual([]);
    });
  });
}
