import type { Database, Project, SavedProject, SchemaInfo } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/store/values.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient, expectError } from '../../helpers/api-client.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

for (const dialect of await storeDialects('Projects API')) {
  describe.skipIf(!dialect.run)(`projects API on the ${dialect.name}`, () => {
    let appStore: AppStore;
    let running: RunningApp;
    let api: ApiClient;
    let chinook: { filename: string; remove: () => Promise<void> };
    let database: Database;
    let unreachable: Database;

    beforeAll(async () => {
      chinook = await chinookSqliteCopy();
      appStore = await dialect.open();
      running = await startTestApp(appStore.env, appStore.store ? { store: appStore.store } : {});
      api = apiClient(running.baseUrl);
      const created = await api.post<Database>('/api/databases', {
        name: 'Chinook',
        engine: 'sqlite',
        details: { filename: chinook.filename },
      });
      database = created.body;
      unreachable = (
        await api.post<Database>('/api/databases', {
          name: 'Offline',
          engine: 'sqlite',
          details: { filename: '/nowhere/offline.sqlite' },
        })
      ).body;
    });

    afterAll(async () => {
      await running.stop();
      await appStore.dispose();
      await chinook.remove();
    });

    const sales = [
      { schema: 'main', table: 'Invoice' },
      { schema: 'main', table: 'InvoiceLine' },
      { schema: '', table: 'Customer' },
    ];

    it('creates, lists, reads, changes and deletes a project', async () => {
      const created = await api.post<SavedProject>('/api/projects', {
        name: 'Sales',
        description: 'Invoices and who paid them',
        databaseId: database.id,
        tables: [...sales, sales[0]],
      });
      expect(created.status, created.text).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Sales',
        description: 'Invoices and who paid them',
        databaseId: database.id,
        editable: true,
        warning: null,
      });
      // Repeats are dropped; tables come back sorted.
      expect(created.body.tables).toEqual([sales[2], sales[0], sales[1]]);
      const { id } = created.body;

      const list = await api.get<Project[]>('/api/projects');
      const { warning: _warning, ...project } = created.body;
      expect(list.body.find((entry) => entry.id === id)).toEqual(project);
      expect((await api.get<Project>(`/api/projects/${id}`)).body).toEqual(project);

      const renamed = await api.put<SavedProject>(`/api/projects/${id}`, {
        name: 'Revenue',
        description: null,
        tables: [{ schema: 'main', table: 'Invoice' }],
      });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.body).toMatchObject({
        name: 'Revenue',
        description: null,
        tables: [{ schema: 'main', table: 'Invoice' }],
      });
      const kept = await api.put<SavedProject>(`/api/projects/${id}`, { description: 'Only invoices' });
      expect(kept.body).toMatchObject({
        name: 'Revenue',
        description: 'Only invoices',
        tables: [{ schema: 'main', table: 'Invoice' }],
      });

      const deleted = await api.del(`/api/projects/${id}`);
      expect(deleted.status).toBe(204);
      expectError(await api.get(`/api/projects/${id}`), 404, { code: 'NOT_FOUND' });
      expect((await api.get<Project[]>('/api/projects')).body.map((entry) => entry.id)).not.toContain(id);
    });

    it("serves the database's schema restricted to the project's tables", async () => {
      const created = await api.post<SavedProject>('/api/projects', {
        name: 'Sales',
        databaseId: database.id,
        tables: sales,
      });
      const schema = await api.get<SchemaInfo>(`/api/projects/${created.body.id}/schema`);
      expect(schema.status, schema.text).toBe(200);
      expect(schema.body.schemas).toHaveLength(1);
      expect(schema.body.schemas[0]?.tables.map((entry) => entry.name)).toEqual([
        'Customer',
        'Invoice',
        'InvoiceLine',
      ]);
      expect(schema.body.schemas[0]?.tables[1]?.columns.map((column) => column.name)).toContain('InvoiceId');
      const empty = await api.post<SavedProject>('/api/projects', { name: 'Empty', databaseId: database.id });
      expect((await api.get<SchemaInfo>(`/api/projects/${empty.body.id}/schema`)).body.schemas).toEqual([]);
    });

    it('refuses tables the database does not have, naming tables[i]', async () => {
      expectError(
        await api.post('/api/projects', {
          name: 'Bad',
          databaseId: database.id,
          tables: [sales[0], { schema: 'main', table: 'Invoices' }],
        }),
        400,
        { field: 'tables[1]', message: /tables\[1\]: main\.Invoices is not a table of database Chinook/ },
      );
      const created = await api.post<SavedProject>('/api/projects', {
        name: 'Ok',
        databaseId: database.id,
        tables: [],
      });
      expectError(
        await api.put(`/api/projects/${created.body.id}`, {
          tables: [{ schema: 'other', table: 'Invoice' }],
        }),
        400,
        {
          field: 'tables[0]',
        },
      );
    });

    it('saves a project of an unreachable database with a warning', async () => {
      const created = await api.post<SavedProject>('/api/projects', {
        name: 'Offline sales',
        databaseId: unreachable.id,
        tables: [{ schema: 'main', table: 'orders' }],
      });
      expect(created.status, created.text).toBe(201);
      expect(created.body.warning).toMatch(/could not be checked.*does not exist/);
      expect(created.body.tables).toEqual([{ schema: 'main', table: 'orders' }]);
      // Moving it to a reachable database checks the kept tables there.
      expectError(await api.put(`/api/projects/${created.body.id}`, { databaseId: database.id }), 400, {
        field: 'tables[0]',
      });
      const moved = await api.put<SavedProject>(`/api/projects/${created.body.id}`, {
        databaseId: database.id,
        tables: [{ schema: 'main', table: 'Track' }],
      });
      expect(moved.body).toMatchObject({ databaseId: database.id, warning: null });
    });

    it('answers 400 naming the field of a bad body and 404 for unknown ids', async () => {
      expectError(await api.post('/api/projects', { databaseId: database.id }), 400, { field: 'name' });
      expectError(await api.post('/api/projects', { name: 'x' }), 400, { field: 'databaseId' });
      expectError(
        await api.post('/api/projects', { name: 'x', databaseId: database.id, tables: [{ schema: 'main' }] }),
        400,
        {
          field: 'tables.0.table',
        },
      );
      expectError(await api.post('/api/projects', { name: 'x', databaseId: newId() }), 404, {
        message: 'Database not found',
      });
      const missing = newId();
      expectError(await api.get(`/api/projects/${missing}`), 404, { message: 'Project not found' });
      expectError(await api.get(`/api/projects/${missing}/schema`), 404);
      expectError(await api.put(`/api/projects/${missing}`, { name: 'x' }), 404);
      expectError(await api.del(`/api/projects/${missing}`), 404);
    });
  });
}
