import type { Database, QueryHistoryItem, QueryResults, SavedQuery } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/store/values.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { actAsHeaderUser, apiClient, expectError } from '../../helpers/api-client.ts';
import { addDatabase, seedAcmePeople } from '../../helpers/factories.ts';
import { cell } from '../../helpers/result-rows.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * Saved queries and history over real HTTP, on both metadata stores, against
 * a Chinook SQLite copy: create, read, edit, results (stored, or run when none), run again,
 * delete, lists, and who may see or change what.
 */
for (const dialect of await storeDialects('Saved queries')) {
  describe.skipIf(!dialect.run)(`saved queries on the ${dialect.name}`, () => {
    let appStore: AppStore;
    let running: RunningApp;
    let api: ApiClient;
    let chinook: { filename: string; remove: () => Promise<void> };
    let database: Database;
    let otherDatabase: Database;
    let orgDatabase: Database;
    const users = { ann: newId(), ben: newId(), eve: newId() };

    beforeAll(async () => {
      chinook = await chinookSqliteCopy();
      appStore = await dialect.open();
      running = await startTestApp(
        { ...appStore.env, QUERY_ROW_CAP: '100' },
        { ...(appStore.store ? { store: appStore.store } : {}), beforeListen: actAsHeaderUser },
      );
      api = apiClient(running.baseUrl);
      const { db } = running.built.store;
      await seedAcmePeople(db, users);
      const details = { filename: chinook.filename };
      database = await addDatabase(api, { name: 'Chinook', engine: 'sqlite', details });
      otherDatabase = await addDatabase(api, { name: 'Chinook again', engine: 'sqlite', details });
      orgDatabase = await addDatabase(api, { name: 'Acme', engine: 'sqlite', details }, { user: users.ann });
    });

    afterAll(async () => {
      await running.stop();
      await appStore.dispose();
      await chinook.remove();
    });

    const save = async (body: Record<string, unknown>, user?: string) => {
      const response = await api.post<SavedQuery>('/api/query', body, user ? { user } : {});
      expect(response.status, response.text).toBe(201);
      return response.body;
    };

    it('saves a query and reads it back with id, title, sql, databaseId and is_favorite', async () => {
      const saved = await save({
        title: 'Genres',
        sql: 'SELECT GenreId, Name FROM Genre ORDER BY GenreId',
        databaseId: database.id,
      });
      expect(saved).toMatchObject({
        title: 'Genres',
        sql: 'SELECT GenreId, Name FROM Genre ORDER BY GenreId',
        databaseId: database.id,
        is_favorite: false,
        is_saved: true,
        editable: true,
        lastRun: null,
      });
      expect(saved.id).toEqual(expect.any(String));
      const read = await api.get<SavedQuery>(`/api/query/${saved.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(saved);
    });

    it('answers the stored result, running the query only when there is none', async () => {
      const saved = await save({
        title: 'Tracks',
        sql: 'SELECT * FROM Track ORDER BY TrackId',
        databaseId: database.id,
      });
      const first = await api.get<QueryResults>(`/api/query/${saved.id}/results`);
      expect(first.status, first.text).toBe(200);
      expect(first.body).toMatchObject({ queryId: saved.id, count: 3503, truncated: true, error: null });
      expect(first.body.rows).toHaveLength(100);
      expect(first.body.rows.map((row) => cell(first.body, row, 'TrackId'))).toEqual(
        Array.from({ length: 100 }, (_, index) => index + 1),
      );

      // A second read is the stored result: same run time, nothing ran again.
      const second = await api.get<QueryResults>(`/api/query/${saved.id}/results`);
      expect(second.body).toEqual(first.body);
      const read = await api.get<SavedQuery>(`/api/query/${saved.id}`);
      expect(read.body.lastRun).toMatchObject({
        ranAt: first.body.ranAt,
        count: 3503,
        truncated: true,
        error: null,
      });
      expect(read.body.lastRun?.columns?.[0]?.name).toBe('TrackId');

      // Running again stores a new result.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const again = await api.post<QueryResults>(`/api/query/${saved.id}/run`, undefined);
      expect(again.status, again.text).toBe(200);
      expect(again.body.ranAt > first.body.ranAt).toBe(true);
      expect((await api.get<QueryResults>(`/api/query/${saved.id}/results`)).body.ranAt).toBe(
        again.body.ranAt,
      );
    });

    it('edits title and SQL; new SQL forgets the stored result', async () => {
      const saved = await save({ title: 'Media', sql: 'SELECT * FROM MediaType', databaseId: database.id });
      await api.post(`/api/query/${saved.id}/run`, undefined);
      const renamed = await api.put<SavedQuery>(`/api/query/${saved.id}`, { title: 'Media types' });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.body).toMatchObject({ title: 'Media types', sql: 'SELECT * FROM MediaType' });
      expect(renamed.body.lastRun?.count).toBe(5);
      expect(renamed.body.updatedAt >= saved.updatedAt).toBe(true);

      const changed = await api.put<SavedQuery>(`/api/query/${saved.id}`, {
        title: 'Two media types',
        sql: 'SELECT * FROM MediaType LIMIT 2',
      });
      expect(changed.body).toMatchObject({ title: 'Two media types', lastRun: null });
      const results = await api.get<QueryResults>(`/api/query/${saved.id}/results`);
      expect(results.body.count).toBe(2);
    });

    it('stores a failing run as the last result: 400 on run, the error on results', async () => {
      const saved = await save({ title: 'Broken', sql: 'SELECT nope FROM Track', databaseId: database.id });
      expectError(await api.post(`/api/query/${saved.id}/run`, undefined), 400, {
        code: 'BAD_REQUEST',
        message: 'no such column: nope',
      });
      const results = await api.get<QueryResults>(`/api/query/${saved.id}/results`);
      expect(results.status).toBe(200);
      expect(results.body).toMatchObject({ error: 'no such column: nope', rows: [], count: null });
      expect((await api.get<SavedQuery>(`/api/query/${saved.id}`)).body.lastRun?.error).toBe(
        'no such column: nope',
      );
    });

    it('deletes a query: 204, then 404 everywhere', async () => {
      const saved = await save({ title: 'Doomed', sql: 'SELECT 1 AS one', databaseId: database.id });
      const deleted = await api.del(`/api/query/${saved.id}`);
      expect(deleted.status).toBe(204);
      expectError(await api.get(`/api/query/${saved.id}`), 404, {
        code: 'NOT_FOUND',
        message: 'Query not found',
      });
      expectError(await api.get(`/api/query/${saved.id}/results`), 404);
      expectError(await api.del(`/api/query/${saved.id}`), 404);
    });

    it('names bad input and hides unknown ids', async () => {
      expectError(await api.post('/api/query', { sql: 'select 1', databaseId: database.id }), 400, {
        field: 'title',
      });
      expectError(await api.post('/api/query', { title: 'x', sql: '  ', databaseId: database.id }), 400, {
        field: 'sql',
      });
      expectError(await api.post('/api/query', { title: 'x', sql: 'select 1' }), 400, {
        field: 'databaseId',
      });
      expectError(await api.post('/api/query', { title: 'x', sql: 'select 1', databaseId: 'nope' }), 404);
      const saved = await save({ title: 'x', sql: 'select 1', databaseId: database.id });
      expectError(await api.put(`/api/query/${saved.id}`, {}), 400);
      expectError(await api.put(`/api/query/${saved.id}`, { title: '' }), 400, { field: 'title' });
      for (const path of ['/api/query/nope', '/api/query/nope/results'])
        expectError(await api.get(path), 404);
      expectError(await api.put('/api/query/nope', { title: 'x' }), 404);
      expectError(await api.post('/api/query/nope/run', undefined), 404);
      expectError(await api.get('/api/queries?saved=maybe'), 400, { field: 'saved' });
    });

    it("hides a user's queries from other users: 404 on every route", async () => {
      const saved = await save({ title: 'Mine', sql: 'SELECT 1 AS one', databaseId: database.id });
      const user = users.eve;
      expectError(await api.get(`/api/query/${saved.id}`, { user }), 404);
      expectError(await api.get(`/api/query/${saved.id}/results`, { user }), 404);
      expectError(await api.put(`/api/query/${saved.id}`, { title: 'stolen' }, { user }), 404);
      expectError(await api.del(`/api/query/${saved.id}`, { user }), 404);
      expectError(await api.post(`/api/query/${saved.id}/run`, undefined, { user }), 404);
      // Nor may anyone save a query on a database they cannot see.
      expectError(
        await api.post('/api/query', { title: 'x', sql: 'select 1', databaseId: database.id }, { user }),
        404,
      );
      const list = await api.get<SavedQuery[]>('/api/queries', { user });
      expect(list.body).toEqual([]);
    });

    it("lets the owner's organization read and run a query once shared, not change it", async () => {
      const saved = await save(
        { title: 'Acme genres', sql: 'SELECT * FROM Genre', databaseId: orgDatabase.id },
        users.ann,
      );
      // Private until its owner shares it; only the owner may share it.
      expectError(await api.get(`/api/query/${saved.id}`, { user: users.ben }), 404);
      expectError(
        await api.put(`/api/sharing/query/${saved.id}`, { shared: true }, { user: users.ben }),
        404,
      );
      const shared = await api.put(`/api/sharing/query/${saved.id}`, { shared: true }, { user: users.ann });
      expect(shared.body).toEqual({ kind: 'query', id: saved.id, shared: true });
      const seen = await api.get<SavedQuery>(`/api/query/${saved.id}`, { user: users.ben });
      expect(seen.body).toMatchObject({ title: 'Acme genres', editable: false });
      const ran = await api.post<QueryResults>(`/api/query/${saved.id}/run`, undefined, { user: users.ben });
      expect(ran.body.count).toBe(25);
      expectError(await api.put(`/api/query/${saved.id}`, { title: 'mine' }, { user: users.ben }), 403, {
        code: 'FORBIDDEN',
      });
      expectError(await api.del(`/api/query/${saved.id}`, { user: users.ben }), 403);
      expectError(await api.get(`/api/query/${saved.id}`, { user: users.eve }), 404);
      // The list is the user's own queries only.
      const benList = await api.get<SavedQuery[]>('/api/queries', { user: users.ben });
      expect(benList.body.map((query) => query.id)).not.toContain(saved.id);
      // The shared view lists what colleagues shared with the organisation, and nothing else.
      const benShared = await api.get<SavedQuery[]>('/api/queries?shared=true', { user: users.ben });
      expect(benShared.body.map((query) => query.id)).toEqual([saved.id]);
      expect(benShared.body[0]).toMatchObject({
        shared: true,
        abilities: { run: true, write_data: false, edit: false, delete: false, share: false },
      });
      const eveShared = await api.get<SavedQuery[]>('/api/queries?shared=true', { user: users.eve });
      expect(eveShared.body.map((query) => query.id)).not.toContain(saved.id);
      const annShared = await api.get<SavedQuery[]>('/api/queries?shared=true', { user: users.ann });
      expect(annShared.body.map((query) => query.id)).not.toContain(saved.id);
      await api.put(`/api/sharing/query/${saved.id}`, { shared: false }, { user: users.ann });
      expectError(await api.get(`/api/query/${saved.id}`, { user: users.ben }), 404);
    });

    it('runs a shared query for a colleague read-only: they may run it, not change the data through it', async () => {
      const exists = async () =>
        (
          await api.post<QueryResults>(
            '/api/query/_run',
            {
              databaseId: orgDatabase.id,
              query: "SELECT name FROM sqlite_master WHERE name = 'colleague_probe'",
            },
            { user: users.ann },
          )
        ).body.count;
      const write = await save(
        {
          title: 'Make a table',
          sql: 'CREATE TABLE colleague_probe (id integer)',
          databaseId: orgDatabase.id,
        },
        users.ann,
      );
      await api.put(`/api/sharing/query/${write.id}`, { shared: true }, { user: users.ann });
      // Ben may run Ann's query (the policy's `run`), but not change the database's data
      // (`write_data`): every path runs it read-only for him, Run again and exports alike.
      expectError(await api.post(`/api/query/${write.id}/run`, undefined, { user: users.ben }), 400);
      expectError(await api.get(`/api/query/${write.id}/export?format=csv`, { user: users.ben }), 400);
      expect(await exists()).toBe(0);
      // Its owner may.
      const ran = await api.post<QueryResults>(`/api/query/${write.id}/run`, undefined, { user: users.ann });
      expect(ran.status, ran.text).toBe(200);
      expect(await exists()).toBe(1);
      const dropped = await api.post(
        '/api/query/_run',
        { databaseId: orgDatabase.id, query: 'DROP TABLE colleague_probe' },
        { user: users.ann },
      );
      expect(dropped.status, dropped.text).toBe(200);
      await api.put(`/api/sharing/query/${write.id}`, { shared: false }, { user: users.ann });
      expect((await api.del(`/api/query/${write.id}`, { user: users.ann })).status).toBe(204);
    });

    it("lists the user's saved queries, newest change first, per database", async () => {
      const a = await save({ title: 'List A', sql: 'SELECT 1 AS a', databaseId: otherDatabase.id });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const b = await save({ title: 'List B', sql: 'SELECT 2 AS b', databaseId: otherDatabase.id });
      const list = await api.get<SavedQuery[]>(`/api/queries?databaseId=${otherDatabase.id}&saved=true`);
      expect(list.status, list.text).toBe(200);
      expect(list.body.map((query) => query.id)).toEqual([b.id, a.id]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await api.put(`/api/query/${a.id}`, { title: 'List A again' });
      const after = await api.get<SavedQuery[]>(`/api/queries?databaseId=${otherDatabase.id}`);
      expect(after.body.map((query) => query.title)).toEqual(['List A again', 'List B']);
      const all = await api.get<SavedQuery[]>('/api/queries');
      expect(all.body.every((query) => query.is_saved)).toBe(true);
      expect(all.body.map((query) => query.databaseId)).toContain(database.id);
    });

    it("keeps the history of the user's runs per database, newest first, at most 50", async () => {
      const run = (query: string) =>
        api.post<QueryResults>('/api/query/_run', { databaseId: otherDatabase.id, query });
      const first = await run('SELECT 1 AS first');
      expect(first.body.queryId).toEqual(expect.any(String));
      await run('SELECT nope');
      const saved = await save({
        title: 'Saved run',
        sql: 'SELECT 3 AS third',
        databaseId: otherDatabase.id,
      });
      await api.post(`/api/query/${saved.id}/run`, undefined);
      const history = await api.get<QueryHistoryItem[]>(`/api/query-history?databaseId=${otherDatabase.id}`);
      expect(history.status, history.text).toBe(200);
      expect(history.body.slice(0, 3).map((item) => item.sql)).toEqual([
        'SELECT 3 AS third',
        'SELECT nope',
        'SELECT 1 AS first',
      ]);
      expect(history.body[1]).toMatchObject({ error: 'no such column: nope', count: null });
      expect(history.body[2]).toMatchObject({
        id: first.body.queryId,
        count: 1,
        truncated: false,
        error: null,
      });
      const ranAts = history.body.map((item) => item.ranAt);
      expect(ranAts).toEqual([...ranAts].sort().reverse());
      expect(history.body.every((item) => item.databaseId === otherDatabase.id)).toBe(true);

      // A history record is a query the user may open, and its results run it again.
      const record = await api.get<SavedQuery>(`/api/query/${first.body.queryId}`);
      expect(record.body).toMatchObject({ is_saved: false, title: null, sql: 'SELECT 1 AS first' });
      const results = await api.get<QueryResults>(`/api/query/${first.body.queryId}/results`);
      expect(results.body).toMatchObject({ columns: [{ name: 'first' }], rows: [[1]] });

      for (let index = 0; index < 50; index++) await run(`SELECT ${index} AS n`);
      const capped = await api.get<QueryHistoryItem[]>(`/api/query-history?databaseId=${otherDatabase.id}`);
      expect(capped.body).toHaveLength(50);
      expect(capped.body[0]?.sql).toBe('SELECT 49 AS n');
      expect((await api.get<QueryHistoryItem[]>('/api/query-history', { user: users.eve })).body).toEqual([]);
      const unsaved = await api.get<SavedQuery[]>(`/api/queries?databaseId=${otherDatabase.id}&saved=false`);
      expect(unsaved.body.length).toBeGreaterThanOrEqual(50);
      expect(unsaved.body.every((query) => !query.is_saved)).toBe(true);
    });
  });
}
