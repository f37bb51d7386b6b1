import type { Chart, Database, SavedQuery } from '@querent/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ADMIN_ID } from '../../../src/auth/local-admin.ts';
import { openDetails, SECRET_MASK } from '../../../src/secrets/connection-secrets.ts';
import type { Details } from '../../../src/secrets/connection-secrets.ts';
import { createSecretBox } from '../../../src/secrets/secret-box.ts';
import { loadSecretKey } from '../../../src/secrets/secret-key.ts';
import { insertUser } from '../../../src/modules/users/users.repo.ts';
import { newId, parseJson } from '../../../src/store/values.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { actAsHeaderUser, apiClient, expectError } from '../../helpers/api-client.ts';
import { addDatabase } from '../../helpers/factories.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

const PASSWORD = 'correct-horse-battery-staple';
const postgresDetails = { host: 'db.example.com', user: 'analyst', password: PASSWORD, database: 'sales' };

for (const dialect of await storeDialects('Databases API')) {
  describe.skipIf(!dialect.run)(`databases API on the ${dialect.name}`, () => {
    let appStore: AppStore;
    let running: RunningApp;
    let api: ApiClient;

    beforeAll(async () => {
      appStore = await dialect.open();
      running = await startTestApp(appStore.env, {
        ...(appStore.store ? { store: appStore.store } : {}),
        beforeListen: actAsHeaderUser,
      });
      api = apiClient(running.baseUrl);
    });

    afterAll(async () => {
      await running.stop();
      await appStore.dispose();
    });

    async function storedDetails(id: string): Promise<{ raw: string; opened: Details }> {
      const row = await running.built.store.db
        .selectFrom('databases')
        .select('details')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      // The key the app generated in its data directory on first start.
      const box = createSecretBox(loadSecretKey({ configured: null, dataDir: running.config.dataDir }));
      return { raw: row.details, opened: openDetails(parseJson(row.details) as Details, box) };
    }

    it('creates a database with the defaults, masked, and lists it with createdAt', async () => {
      const created = await addDatabase(api, { name: 'Sales', engine: 'postgres', details: postgresDetails });
      expect(created).toMatchObject({
        name: 'Sales',
        engine: 'postgres',
        details: { ...postgresDetails, port: 5432, password: SECRET_MASK },
        safe_mode: false,
        public: false,
        dbt_catalog: null,
        dbt_manifest: null,
        statement_timeout_ms: null,
        editable: true,
      });
      expect(Date.parse(created.createdAt)).not.toBeNaN();

      const list = await api.get<Database[]>('/api/databases');
      expect(list.status).toBe(200);
      // What its login may do is stored with it and sent with every read (nothing here: its server cannot be reached to ask).
      expect(created.credential_warning).toBeNull();
      expect(list.body.find((entry) => entry.id === created.id)).toEqual(created);
      expect(list.text).not.toContain(PASSWORD);
      const one = await api.get<Database>(`/api/databases/${created.id}`);
      expect(one.body).toEqual(created);
    });

    it('keeps secrets encrypted in the store, and the mask sent back keeps the stored secret', async () => {
      const created = await addDatabase(api, {
        name: 'Secretive',
        engine: 'postgres',
        details: postgresDetails,
      });
      const before = await storedDetails(created.id);
      expect(before.raw).not.toContain(PASSWORD);
      expect(before.opened.password).toBe(PASSWORD);

      const renamed = await api.put<Database>(`/api/databases/${created.id}`, {
        ...created,
        name: 'Secretive 2',
        details: { ...created.details, host: 'db2.example.com' },
      });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.body.details).toMatchObject({ host: 'db2.example.com', password: SECRET_MASK });
      expect((await storedDetails(created.id)).opened).toMatchObject({
        host: 'db2.example.com',
        password: PASSWORD,
      });

      const changed = await api.put<Database>(`/api/databases/${created.id}`, {
        details: { ...postgresDetails, password: 'new-password' },
      });
      expect(changed.body.details.password).toBe(SECRET_MASK);
      const after = await storedDetails(created.id);
      expect(after.opened.password).toBe('new-password');
      expect(after.raw).not.toContain('new-password');
    });

    it('masks every kind of secret of every engine', async () => {
      const serviceAccount = JSON.stringify({
        client_email: 'bot@p.iam',
        private_key: 'PRIVATE-SA-KEY-5150',
      });
      const cases = [
        { engine: 'mysql', details: { host: 'h', user: 'u', password: 'p', database: 'd' }, port: 3306 },
        { engine: 'motherduck', details: { token: 'md-token-9f3c', database: 'my_db' } },
        {
          engine: 'snowflake',
          details: {
            account: 'acme',
            user: 'u',
            private_key: 'PEM-KEY-BODY-77',
            private_key_passphrase: 'passphrase-4411',
            database: 'D',
          },
        },
        { engine: 'bigquery', details: { project_id: 'p', service_account_json: serviceAccount } },
      ];
      for (const { engine, details, port } of cases) {
        const created = await addDatabase(api, { name: engine, engine, details });
        if (port) expect(created.details.port).toBe(port);
        for (const field of [
          'password',
          'token',
          'private_key',
          'private_key_passphrase',
          'service_account_json',
        ]) {
          if (field in details) expect(created.details[field], `${engine} ${field}`).toBe(SECRET_MASK);
        }
        const { raw } = await storedDetails(created.id);
        for (const secret of ['md-token-9f3c', 'PEM-KEY-BODY-77', 'passphrase-4411', 'PRIVATE-SA-KEY-5150'])
          expect(raw).not.toContain(secret);
      }
      expect((await api.get('/api/databases')).text).not.toMatch(
        /md-token|PRIVATE-SA|PEM-KEY|passphrase-4411/,
      );
    });

    it('names the field of bad input', async () => {
      const cases: Array<[Record<string, unknown>, string, RegExp]> = [
        [{ engine: 'postgres', details: postgresDetails }, 'name', /name/],
        [{ name: 'x', engine: 'oracle', details: {} }, 'engine', /^Unsupported engine$/],
        [
          { name: 'x', engine: 'postgres', details: { ...postgresDetails, host: ' ' } },
          'details.host',
          /required/,
        ],
        [
          { name: 'x', engine: 'postgres', details: { ...postgresDetails, port: 'abc' } },
          'details.port',
          /port/,
        ],
        [
          { name: 'x', engine: 'mysql', details: { host: 'h', user: 'u', port: 70000 } },
          'details.port',
          /port/,
        ],
        [{ name: 'x', engine: 'sqlite', details: {} }, 'details.filename', /required/],
        [{ name: 'x', engine: 'motherduck', details: { database: 'd' } }, 'details.token', /required/],
        [
          { name: 'x', engine: 'snowflake', details: { account: 'a', user: 'u', database: 'd' } },
          'details.password',
          /private key/,
        ],
        [
          { name: 'x', engine: 'bigquery', details: { project_id: 'p', service_account_json: '{' } },
          'details.service_account_json',
          /service account/,
        ],
        [
          { name: 'x', engine: 'postgres', details: { ...postgresDetails, password: SECRET_MASK } },
          'details.password',
          /enter it/,
        ],
        [
          { name: 'x', engine: 'postgres', details: postgresDetails, statement_timeout_ms: 5 },
          'statement_timeout_ms',
          /statement_timeout_ms/,
        ],
      ];
      for (const [body, field, message] of cases) {
        expectError(await api.post('/api/databases', body), 400, { code: 'BAD_REQUEST', field, message });
      }
      const motherduckFile = await addDatabase(api, {
        name: 'local duck',
        engine: 'motherduck',
        details: { path: '/tmp/x.duckdb' },
      });
      expect(motherduckFile.details).toEqual({ path: '/tmp/x.duckdb' });
    });

    it('refuses to change the engine, and answers 404 for unknown ids', async () => {
      const created = await addDatabase(api, { name: 'Fixed', engine: 'postgres', details: postgresDetails });
      expectError(await api.put(`/api/databases/${created.id}`, { engine: 'mysql' }), 400, {
        field: 'engine',
        message: /engine cannot be changed/,
      });
      expect(
        (await api.put(`/api/databases/${created.id}`, { engine: 'postgres', safe_mode: true })).status,
      ).toBe(200);
      const missing = newId();
      expectError(await api.get(`/api/databases/${missing}`), 404, { code: 'NOT_FOUND' });
      expectError(await api.put(`/api/databases/${missing}`, { name: 'x' }), 404);
      expectError(await api.del(`/api/databases/${missing}`), 404);
      expectError(await api.get(`/api/databases/${missing}/schema`), 404);
    });

    it("refuses to connect Querent's own metadata store", async () => {
      const { store } = running.config;
      if (store.kind === 'sqlite') {
        expectError(
          await api.post('/api/databases', {
            name: 'me',
            engine: 'sqlite',
            details: { filename: store.file },
          }),
          400,
          {
            field: 'details.filename',
            message: /own metadata store/,
          },
        );
        const created = await addDatabase(api, {
          name: 'elsewhere',
          engine: 'sqlite',
          details: { filename: '/tmp/other.sqlite' },
        });
        expectError(
          await api.put(`/api/databases/${created.id}`, { details: { filename: store.file } }),
          400,
          {
            message: /own metadata store/,
          },
        );
      } else {
        const url = new URL(store.url);
        const details = {
          host: 'localhost',
          port: url.port || '5432',
          user: 'postgres',
          database: url.pathname.slice(1),
        };
        expectError(await api.post('/api/databases', { name: 'me', engine: 'postgres', details }), 400, {
          field: 'details.database',
          message: /own metadata store/,
        });
        expectError(await api.post('/api/databases/test', { engine: 'postgres', details }), 400, {
          message: /own metadata store/,
        });
      }
    });

    it('deletes a database with its projects, conversations, queries, entities, issues and memories', async () => {
      const created = await addDatabase(api, {
        name: 'Doomed',
        engine: 'sqlite',
        details: { filename: '/tmp/querent-missing.sqlite' },
      });
      const project = await api.post<{ id: string; warning: string | null }>('/api/projects', {
        name: 'P',
        databaseId: created.id,
        tables: [{ schema: 'main', table: 'orders' }],
      });
      expect(project.status, project.text).toBe(201);
      expect(project.body.warning).toMatch(/could not be checked/);
      const { db } = running.built.store;
      const conversation = newId();
      await db
        .insertInto('conversations')
        .values({
          id: conversation,
          owner_id: LOCAL_ADMIN_ID,
          database_id: created.id,
          project_id: project.body.id,
          context_id: `project-${project.body.id}`,
        })
        .execute();
      const failedRun = await api.post('/api/query/_run', { databaseId: created.id, query: 'select 1' });
      expect(failedRun.status).toBe(400);
      const entity = newId();
      await db
        .insertInto('business_entities')
        .values({ id: entity, database_id: created.id, name: 'Order' })
        .execute();
      await db
        .insertInto('issues')
        .values({ id: newId(), database_id: created.id, business_entity_id: entity, title: 'Gaps' })
        .execute();
      await db
        .insertInto('memories')
        .values({ id: newId(), database_id: created.id, content: 'USD' })
        .execute();

      const counts = async () => {
        const tables = [
          'projects',
          'project_tables',
          'conversations',
          'queries',
          'business_entities',
          'issues',
          'memories',
        ] as const;
        const result: Record<string, number> = {};
        for (const table of tables) {
          const [column, value] =
            table === 'project_tables' ? ['project_id', project.body.id] : ['database_id', created.id];
          const { rows } = await sql<{ n: number }>`
            select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(db);
          result[table] = Number(rows[0]?.n);
        }
        return result;
      };
      expect(Object.values(await counts()).every((n) => n === 1)).toBe(true);

      const deleted = await api.del(`/api/databases/${created.id}`);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      expect(Object.values(await counts()).every((n) => n === 0)).toBe(true);
      expectError(await api.get(`/api/databases/${created.id}`), 404);
      expectError(await api.get(`/api/projects/${project.body.id}`), 404);
    });

    it("takes every user's stars on its queries and charts with it", async () => {
      const { db } = running.built.store;
      const chinook = await chinookSqliteCopy();
      try {
        const org = newId();
        const [ann, ben] = [newId(), newId()];
        await db.insertInto('organizations').values({ id: org, name: 'Acme' }).execute();
        await insertUser(db, { id: ann, role: 'member', organizationId: org });
        await insertUser(db, { id: ben, role: 'member', organizationId: org });
        const details = { filename: chinook.filename };
        const as = (user: string) => ({ user });
        const annDb = (
          await api.post<Database>('/api/databases', { name: 'Ann', engine: 'sqlite', details }, as(ann))
        ).body;
        const benDb = (
          await api.post<Database>('/api/databases', { name: 'Ben', engine: 'sqlite', details }, as(ben))
        ).body;
        const save = async (databaseId: string, user: string) => {
          const sql = 'SELECT GenreId AS id, Name AS name FROM Genre';
          const saved = await api.post<SavedQuery>(
            '/api/query',
            { title: 'Genres', sql, databaseId },
            as(user),
          );
          expect(saved.status, saved.text).toBe(201);
          return saved.body.id;
        };
        // Ann's query on her database, readable by her colleague Ben, with a chart.
        const query = await save(annDb.id, ann);
        expect((await api.post(`/api/query/${query}/run`, undefined, as(ann))).status).toBe(200);
        const chart = await api.post<Chart>(
          '/api/charts',
          { queryId: query, title: 'Genre ids', config: { type: 'bar', x: 'name', y: ['id'] } },
          as(ann),
        );
        expect(chart.status, chart.text).toBe(201);
        // Shared with her organisation, so Ben may see (and star) them.
        expect((await api.put(`/api/sharing/query/${query}`, { shared: true }, as(ann))).status).toBe(200);
        expect((await api.put(`/api/sharing/chart/${chart.body.id}`, { shared: true }, as(ann))).status).toBe(
          200,
        );
        const star = async (path: string, user: string) =>
          expect((await api.put(`${path}/favorite`, { is_favorite: true }, as(user))).status).toBe(200);
        await star(`/api/query/${query}`, ann);
        await star(`/api/query/${query}`, ben);
        await star(`/api/charts/${chart.body.id}`, ben);
        // Ben's star on his own database's query is not Ann's database's to take.
        const kept = await save(benDb.id, ben);
        await star(`/api/query/${kept}`, ben);

        const stars = (user: string) =>
          db
            .selectFrom('favorites')
            .select(['query_id', 'chart_id'])
            .where('user_id', '=', user)
            .orderBy('query_id')
            .execute();
        expect(await stars(ben)).toHaveLength(3);

        expect((await api.del(`/api/databases/${annDb.id}`, as(ann))).status).toBe(204);
        expect(await stars(ann)).toEqual([]);
        expect(await stars(ben)).toEqual([{ query_id: kept, chart_id: null }]);
        const left = await db
          .selectFrom('favorites')
          .select('id')
          .where((eb) => eb.or([eb('query_id', '=', query), eb('chart_id', '=', chart.body.id)]))
          .execute();
        expect(left).toEqual([]);
      } finally {
        await chinook.remove();
      }
    });
  });
}
