import type { Chart, Database, Favorites, Project, QueryResults, SavedQuery } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/store/values.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { actAsHeaderUser, apiClient, expectError } from '../../helpers/api-client.ts';
import { seedAcmePeople } from '../../helpers/factories.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/* Stars per user, and the favourites of a context with previews from stored results. */
for (const dialect of await storeDialects('Favorites')) {
  describe.skipIf(!dialect.run)(`favorites on the ${dialect.name}`, () => {
    let appStore: AppStore;
    let running: RunningApp;
    let api: ApiClient;
    let chinook: { filename: string; remove: () => Promise<void> };
    let main: Database;
    let other: Database;
    let project: Project;
    const users = { ann: newId(), ben: newId(), eve: newId() };

    beforeAll(async () => {
      chinook = await chinookSqliteCopy();
      appStore = await dialect.open();
      running = await startTestApp(appStore.env, {
        ...(appStore.store ? { store: appStore.store } : {}),
        beforeListen: actAsHeaderUser,
      });
      api = apiClient(running.baseUrl);
      const { db } = running.built.store;
      await seedAcmePeople(db, users);
      const details = { filename: chinook.filename };
      main = (await api.post<Database>('/api/databases', { name: 'Main', engine: 'sqlite', details })).body;
      other = (await api.post<Database>('/api/databases', { name: 'Other', engine: 'sqlite', details })).body;
      project = (
        await api.post<Project>('/api/projects', {
          name: 'Music',
          databaseId: main.id,
          tables: [{ schema: 'main', table: 'Genre' }],
        })
      ).body;
    });

    afterAll(async () => {
      await running.stop();
      await appStore.dispose();
      await chinook.remove();
    });

    const save = async (title: string, sql: string, databaseId: string, user?: string) => {
      const response = await api.post<SavedQuery>(
        '/api/query',
        { title, sql, databaseId },
        user ? { user } : {},
      );
      expect(response.status, response.text).toBe(201);
      return response.body;
    };
    const star = (kind: 'query' | 'charts', id: string, isFavorite = true, user?: string) =>
      api.put<{ id: string; is_favorite: boolean }>(
        `/api/${kind}/${id}/favorite`,
        { is_favorite: isFavorite },
        user ? { user } : {},
      );
    const favorites = (contextId: string, user?: string) =>
      api.get<Favorites>(`/api/favorites?contextId=${contextId}`, user ? { user } : {});

    it("lists a context's starred queries and charts with previews of their stored results, running nothing", async () => {
      const genres = await save(
        'Genres',
        'SELECT GenreId AS id, Name AS name FROM Genre ORDER BY GenreId',
        main.id,
      );
      const ran = await api.post<QueryResults>(`/api/query/${genres.id}/run`, undefined);
      const never = await save('Never ran', 'SELECT * FROM Artist', main.id);
      const elsewhere = await save('Elsewhere', 'SELECT 1 AS one', other.id);
      const chart = await api.post<Chart>('/api/charts', {
        queryId: genres.id,
        title: 'Genre ids',
        config: { type: 'bar', x: 'name', y: ['id'] },
      });

      const starred = await star('query', genres.id);
      expect(starred.status, starred.text).toBe(200);
      expect(starred.body).toEqual({ id: genres.id, is_favorite: true });
      // Starring twice is harmless.
      expect((await star('query', genres.id)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await star('query', never.id);
      await star('query', elsewhere.id);
      await star('charts', chart.body.id);
      expect((await api.get<SavedQuery>(`/api/query/${genres.id}`)).body.is_favorite).toBe(true);

      const { db } = running.built.store;
      const countRuns = async () =>
        (await db.selectFrom('queries').select('id').where('owner_id', '=', 'local-admin').execute()).length;
      const runsBefore = await countRuns();

      const listed = await favorites(`database-${main.id}`);
      expect(listed.status, listed.text).toBe(200);
      expect(listed.body.queries.map((query) => query.id)).toEqual([never.id, genres.id]);
      const [neverCard, genresCard] = listed.body.queries;
      expect(neverCard).toMatchObject({
        title: 'Never ran',
        is_favorite: true,
        preview: null,
        lastRun: null,
      });
      expect(genresCard?.preview).toMatchObject({ count: 25, truncated: false, ranAt: ran.body.ranAt });
      expect(genresCard?.preview?.rows).toHaveLength(20);
      expect(genresCard?.preview?.columns.map((column) => column.name)).toEqual(['id', 'name']);
      expect(genresCard?.preview?.rows[0]).toEqual([1, 'Rock']);
      expect(genresCard?.preview?.rows[19]).toEqual([20, 'Sci Fi & Fantasy']);

      expect(listed.body.charts).toHaveLength(1);
      expect(listed.body.charts[0]).toMatchObject({
        id: chart.body.id,
        title: 'Genre ids',
        config: { type: 'bar', x: 'name', y: ['id'] },
        is_favorite: true,
        query: { id: genres.id, title: 'Genres' },
      });
      expect(listed.body.charts[0]?.preview?.rows).toHaveLength(25);
      expect(listed.body.charts[0]?.preview?.rows.at(-1)).toEqual([25, 'Opera']);

      // Nothing ran: no new history record, the stored run time unchanged.
      expect(await countRuns()).toBe(runsBefore);
      expect((await api.get<SavedQuery>(`/api/query/${genres.id}`)).body.lastRun?.ranAt).toBe(ran.body.ranAt);

      // A project context is its database's favourites; another database has its own.
      const viaProject = await favorites(`project-${project.id}`);
      expect(viaProject.body.queries.map((query) => query.id)).toEqual([never.id, genres.id]);
      const otherList = await favorites(`database-${other.id}`);
      expect(otherList.body).toMatchObject({ queries: [{ id: elsewhere.id }], charts: [] });

      // Unstarring removes the card, and is harmless twice.
      await star('query', never.id, false);
      expect((await star('query', never.id, false)).body).toEqual({ id: never.id, is_favorite: false });
      await star('charts', chart.body.id, false);
      const after = await favorites(`database-${main.id}`);
      expect(after.body.queries.map((query) => query.id)).toEqual([genres.id]);
      expect(after.body.charts).toEqual([]);
    });

    it('keeps stars per user, on what each may read', async () => {
      const annDb = (
        await api.post<Database>(
          '/api/databases',
          { name: 'Acme', engine: 'sqlite', details: { filename: chinook.filename } },
          { user: users.ann },
        )
      ).body;
      const annQuery = await save('Acme media', 'SELECT * FROM MediaType', annDb.id, users.ann);
      await star('query', annQuery.id, true, users.ann);
      // Private until shared: a colleague cannot star it yet.
      expectError(await star('query', annQuery.id, true, users.ben), 404);
      await api.put(`/api/sharing/query/${annQuery.id}`, { shared: true }, { user: users.ann });
      // Shared, a colleague may read it, so may star it; the star is theirs alone.
      expect((await star('query', annQuery.id, true, users.ben)).status).toBe(200);
      await star('query', annQuery.id, false, users.ann);
      expect(
        (await api.get<SavedQuery>(`/api/query/${annQuery.id}`, { user: users.ann })).body.is_favorite,
      ).toBe(false);
      expect(
        (await api.get<SavedQuery>(`/api/query/${annQuery.id}`, { user: users.ben })).body.is_favorite,
      ).toBe(true);
      const benList = await favorites(`database-${annDb.id}`, users.ben);
      expect(benList.body.queries.map((query) => query.id)).toEqual([annQuery.id]);
      expect((await favorites(`database-${annDb.id}`, users.ann)).body.queries).toEqual([]);

      // An outsider can neither star it nor list that database's favourites.
      expectError(await star('query', annQuery.id, true, users.eve), 404);
      expectError(await favorites(`database-${annDb.id}`, users.eve), 404);
      expect((await favorites(`database-${main.id}`, users.ben)).status).toBe(404);
    });

    it('names bad input and hides unknown ids', async () => {
      expectError(await api.get('/api/favorites'), 400, { field: 'contextId' });
      expectError(await favorites('nonsense'), 400, { field: 'contextId' });
      expectError(await favorites('database-nope'), 404);
      expectError(await favorites('project-nope'), 404);
      expectError(await star('query', 'nope'), 404, { message: 'Query not found' });
      expectError(await star('charts', 'nope'), 404, { message: 'Chart not found' });
      const query = await save('x', 'SELECT 1 AS one', main.id);
      expectError(await api.put(`/api/query/${query.id}/favorite`, {}), 400, { field: 'is_favorite' });
      expectError(await api.put(`/api/query/${query.id}/favorite`, { is_favorite: 'yes' }), 400, {
        field: 'is_favorite',
      });
    });
  });
}
