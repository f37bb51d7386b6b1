import type { Database, Project } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../src/modules/users/users.repo.ts';
import { newId } from '../../../src/store/values.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { actAsHeaderUser, apiClient, expectError } from '../../helpers/api-client.ts';
import { addDatabase, seedAcmePeople } from '../../helpers/factories.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * Who may touch which database and project (see Access in docs/BEHAVIOUR.md), over real HTTP
 * with several signed-in users: the local administrator, two members of one organization, an
 * outsider and a visitor.
 */
for (const dialect of await storeDialects('Data authorization')) {
  describe.skipIf(!dialect.run)(`databases and projects authorization on the ${dialect.name}`, () => {
    let appStore: AppStore;
    let running: RunningApp;
    let api: ApiClient;
    let chinook: { filename: string; remove: () => Promise<void> };
    const users = { ann: newId(), ben: newId(), eve: newId(), visitor: newId() };
    let privateDb: Database;
    let publicDb: Database;
    let orgDb: Database;
    let privateProject: Project;
    let publicProject: Project;

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
      await insertUser(db, { id: users.visitor, role: 'anonymous' });

      const details = { filename: chinook.filename };
      privateDb = await addDatabase(api, { name: 'Private', engine: 'sqlite', details });
      publicDb = await addDatabase(api, { name: 'Public', engine: 'sqlite', details, public: true });
      orgDb = await addDatabase(api, { name: 'Acme data', engine: 'sqlite', details }, { user: users.ann });
      const project = async (databaseId: string) => {
        const response = await api.post<Project>('/api/projects', {
          name: 'Music',
          databaseId,
          tables: [{ schema: 'main', table: 'Album' }],
        });
        expect(response.status, response.text).toBe(201);
        return response.body;
      };
      privateProject = await project(privateDb.id);
      publicProject = await project(publicDb.id);
    });

    afterAll(async () => {
      await running.stop();
      await appStore.dispose();
      await chinook.remove();
    });

    it('hides private databases and their projects from everyone else: 404 on every route', async () => {
      for (const user of [users.eve, users.ann, users.visitor]) {
        const list = await api.get<Database[]>('/api/databases', { user });
        expect(list.body.map((entry) => entry.id)).not.toContain(privateDb.id);
        const projects = await api.get<Project[]>('/api/projects', { user });
        expect(projects.body.map((entry) => entry.id)).not.toContain(privateProject.id);
        const id = privateDb.id;
        expectError(await api.get(`/api/databases/${id}`, { user }), 404);
        expectError(await api.get(`/api/databases/${id}/schema`, { user }), 404);
        expectError(await api.put(`/api/databases/${id}`, { name: 'mine' }, { user }), 404);
        expectError(await api.del(`/api/databases/${id}`, { user }), 404);
        expectError(await api.post('/api/query/_run', { databaseId: id, query: 'select 1' }, { user }), 404);
        expectError(
          await api.post('/api/projects', { name: 'x', databaseId: id, tables: [] }, { user }),
          user === users.visitor ? 403 : 404,
        );
        expectError(
          await api.post(
            '/api/databases/test',
            { engine: 'sqlite', details: { filename: '********' }, databaseId: id },
            { user },
          ),
          user === users.visitor ? 403 : 404,
        );
        expectError(await api.get(`/api/projects/${privateProject.id}`, { user }), 404);
        expectError(await api.get(`/api/projects/${privateProject.id}/schema`, { user }), 404);
        expectError(await api.put(`/api/projects/${privateProject.id}`, { name: 'x' }, { user }), 404);
        expectError(await api.del(`/api/projects/${privateProject.id}`, { user }), 404);
      }
      expect((await api.get(`/api/databases/${privateDb.id}`)).status).toBe(200);
    });

    it('lets everyone use a public database and its projects, read-only', async () => {
      for (const user of [users.eve, users.visitor]) {
        const list = await api.get<Database[]>('/api/databases', { user });
        expect(list.body.find((entry) => entry.id === publicDb.id)).toMatchObject({ editable: false });
        expect((await api.get(`/api/databases/${publicDb.id}/schema`, { user })).status).toBe(200);
        const run = await api.post<{ count: number }>(
          '/api/query/_run',
          { databaseId: publicDb.id, query: 'select * from Genre' },
          { user },
        );
        expect(run.body.count).toBe(25);
        expectError(await api.put(`/api/databases/${publicDb.id}`, { name: 'mine' }, { user }), 403, {
          code: 'FORBIDDEN',
        });
        expectError(await api.del(`/api/databases/${publicDb.id}`, { user }), 403);

        const project = await api.get<Project>(`/api/projects/${publicProject.id}`, { user });
        expect(project.body).toMatchObject({ id: publicProject.id, editable: false });
        expect((await api.get(`/api/projects/${publicProject.id}/schema`, { user })).status).toBe(200);
        expectError(await api.put(`/api/projects/${publicProject.id}`, { name: 'x' }, { user }), 403);
        expectError(await api.del(`/api/projects/${publicProject.id}`, { user }), 403);
      }
      const own = await api.post<Project>(
        '/api/projects',
        { name: 'Mine', databaseId: publicDb.id, tables: [] },
        { user: users.eve },
      );
      expect(own.body).toMatchObject({ editable: true });
      // A public database shares its publisher's projects, not what others build on it.
      expectError(await api.get(`/api/projects/${own.body.id}`, { user: users.ann }), 404);
      expectError(await api.get(`/api/projects/${own.body.id}`), 404);
      const annList = await api.get<Project[]>('/api/projects', { user: users.ann });
      expect(annList.body.map((entry) => entry.id)).toEqual([publicProject.id]);
    });

    it('shares a database with the owner’s organization, not beyond: members query it, the owner changes it', async () => {
      const seen = await api.get<Database>(`/api/databases/${orgDb.id}`, { user: users.ben });
      expect(seen.body).toMatchObject({ name: 'Acme data', editable: false });
      const run = await api.post<{ count: number }>(
        '/api/query/_run',
        { databaseId: orgDb.id, query: 'select * from Genre' },
        { user: users.ben },
      );
      expect(run.body.count).toBe(25);
      expectError(
        await api.put(`/api/databases/${orgDb.id}`, { name: 'Acme warehouse' }, { user: users.ben }),
        403,
      );
      expectError(await api.del(`/api/databases/${orgDb.id}`, { user: users.ben }), 403);
      const renamed = await api.put<Database>(
        `/api/databases/${orgDb.id}`,
        { name: 'Acme warehouse' },
        { user: users.ann },
      );
      expect(renamed.body).toMatchObject({ name: 'Acme warehouse', editable: true });
      expectError(await api.get(`/api/databases/${orgDb.id}`, { user: users.eve }), 404);
      expectError(await api.get(`/api/databases/${orgDb.id}`), 404);
    });

    it('reserves public databases to administrators and database creation to signed-in users', async () => {
      const details = { filename: chinook.filename };
      expectError(
        await api.post(
          '/api/databases',
          { name: 'x', engine: 'sqlite', details, public: true },
          { user: users.eve },
        ),
        403,
        {
          field: 'public',
        },
      );
      expectError(await api.put(`/api/databases/${orgDb.id}`, { public: true }, { user: users.ann }), 403, {
        field: 'public',
      });
      expectError(
        await api.post('/api/databases', { name: 'x', engine: 'sqlite', details }, { user: users.visitor }),
        403,
      );
      const unchanged = await api.put<Database>(
        `/api/databases/${orgDb.id}`,
        { public: false },
        { user: users.ann },
      );
      expect(unchanged.status).toBe(200);
    });
  });
}
