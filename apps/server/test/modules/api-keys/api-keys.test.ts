import type {
  ApiKeys,
  CreatedApiKey,
  Database,
  ManagedUsers,
  QueryResults,
  ServerUser,
} from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKeySecret } from '../../../src/modules/api-keys/api-key-secret.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import { bearerClient } from '../../helpers/bearer-client.ts';
import { readJson } from '../../helpers/responses.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';
import type { AppBrowser } from '../../oidc/app-browser.ts';
import { hostedEnv, requestJson, signInBrowser } from '../../oidc/app-browser.ts';
import { testClient, testClock } from '../../oidc/hosted-deps.ts';
import type { TestProvider } from '../../oidc/test-provider.ts';
import { startTestProvider } from '../../oidc/test-provider.ts';

/*
 * API keys in hosted mode, through the real sign-in and real HTTP: Alice (the first to sign in,
 * so an administrator) and Bob, both of Wonderland, make keys on their profile's routes; a script
 * then calls the REST API with `Authorization: Bearer`, as the key's person, capped by its scopes
 * and by the policy (read and run read-only only).
 */

const day = 24 * 60 * 60 * 1000;
let provider: TestProvider;
let chinook: { filename: string; remove: () => Promise<void> };

beforeAll(async () => {
  provider = await startTestProvider({ clients: [testClient] });
  chinook = await chinookSqliteCopy();
});

afterAll(async () => {
  await provider.stop();
  await chinook.remove();
});

for (const dialect of await storeDialects('API keys')) {
  describe.skipIf(!dialect.run)(`API keys (${dialect.name})`, () => {
    const clock = testClock();
    let appStore: AppStore;
    let running: RunningApp;
    let alice: AppBrowser;
    let bob: AppBrowser;
    let database: Database;

    async function makeKey(browser: AppBrowser, body: Record<string, unknown>): Promise<CreatedApiKey> {
      return readJson<CreatedApiKey>(
        await browser.request('/api/api-keys', { method: 'POST', body: { expires_at: null, ...body } }),
        201,
      );
    }

    beforeAll(async () => {
      appStore = await dialect.open();
      running = await startTestApp(hostedEnv(provider.issuer, appStore.env), {
        ...(appStore.store ? { store: appStore.store } : {}),
        now: clock.now,
      });
      alice = await signInBrowser(running.baseUrl, 'alice');
      bob = await signInBrowser(running.baseUrl, 'bob');
      // Files on Querent's host are for administrators: Alice connects Chinook, shared with Wonderland.
      database = await readJson<Database>(
        await alice.request('/api/databases', {
          method: 'POST',
          body: { name: 'Chinook', engine: 'sqlite', details: { filename: chinook.filename } },
        }),
        201,
      );
    });

    afterAll(async () => {
      await running.stop();
      await appStore.dispose();
    });

    it('shows the secret once, keeps only its hash, and lists the key without it', async () => {
      const created = await makeKey(bob, { name: 'Report script', scopes: ['metadata:read'] });
      expect(created.secret).toMatch(/^qk_[A-Za-z0-9_-]{43}$/);
      expect(created).toMatchObject({
        name: 'Report script',
        kind: 'personal',
        prefix: created.secret.slice(0, 11),
        scopes: ['metadata:read'],
        organization_id: null,
        expires_at: null,
        last_used_at: null,
        expired: false,
      });
      const rows = await running.built.store.db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', created.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(hashApiKeySecret(created.secret));
      expect(JSON.stringify(rows)).not.toContain(created.secret);
      const listed = await readJson<ApiKeys>(await bob.request('/api/api-keys'));
      const mine = listed.keys.find((key) => key.id === created.id);
      expect(mine).toBeDefined();
      expect(mine).not.toHaveProperty('secret');
      expect(JSON.stringify(listed)).not.toContain(created.secret);
    });

    it('refuses bad input with a 400 naming the field', async () => {
      const inFuture = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '  ', scopes: ['sql:run'] }, 'name'],
        [{ name: 'x'.repeat(101), scopes: ['sql:run'] }, 'name'],
        [{ name: 'Empty', scopes: [] }, 'scopes'],
        [{ name: 'Unknown', scopes: ['admin:all'] }, 'scopes.0'],
        [{ name: 'Twice', scopes: ['sql:run', 'sql:run'] }, 'scopes'],
        [{ name: 'Words', scopes: ['sql:run'], expires_at: 'next week' }, 'expires_at'],
        [{ name: 'Past', scopes: ['sql:run'], expires_at: inFuture(-day) }, 'expires_at'],
        [{ name: 'Far', scopes: ['sql:run'], expires_at: inFuture(400 * day) }, 'expires_at'],
      ];
      for (const [body, field] of cases) {
        const answer = await requestJson<{ error: { code: string; field?: string } }>(bob, '/api/api-keys', {
          method: 'POST',
          body: { expires_at: null, ...body },
        });
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.error.field, JSON.stringify(body)).toBe(field);
      }
      const noExpiry = await requestJson<{ error: { field?: string } }>(bob, '/api/api-keys', {
        method: 'POST',
        body: { name: 'No expiry said', scopes: ['sql:run'] },
      });
      expect(noExpiry.status).toBe(400);
      expect(noExpiry.body.error.field).toBe('expires_at');
    });

    it('acts as its person on the routes of its scopes, and records its last use', async () => {
      const created = await makeKey(alice, { name: 'Everything', scopes: ['metadata:read', 'sql:run'] });
      const script = bearerClient(running.baseUrl, created.secret);
      const me = await script.get<ServerUser>('/api/user');
      expect(me.status, me.text).toBe(200);
      expect(me.body.email).toBe('alice@example.com');
      // Through a key, the person may do no more than read and run.
      expect(me.body.abilities).toMatchObject({ manage_people: false, create_api_keys: false });
      const databases = await script.get<Database[]>('/api/databases');
      expect(databases.status, databases.text).toBe(200);
      expect(databases.body.map((each) => each.id)).toEqual([database.id]);
      expect(databases.body[0]?.abilities).toMatchObject({ run: true, write_data: false, edit: false });
      const run = await script.post<QueryResults>('/api/query/_run', {
        databaseId: database.id,
        query: 'SELECT COUNT(*) AS n FROM Genre',
      });
      expect(run.status, run.text).toBe(200);
      expect(run.body.rows).toEqual([[25]]);
      const listed = await readJson<ApiKeys>(await alice.request('/api/api-keys'));
      expect(listed.keys.find((key) => key.id === created.id)?.last_used_at).toBe(clock.now().toISOString());
    });

    it('runs SQL read-only through a key, even for the owner who may change the data', async () => {
      const created = await makeKey(alice, { name: 'Writer?', scopes: ['sql:run'] });
      const script = bearerClient(running.baseUrl, created.secret);
      const write = await script.post<{ error: { message: string } }>('/api/query/_run', {
        databaseId: database.id,
        query: "INSERT INTO Genre (GenreId, Name) VALUES (999, 'Polka')",
      });
      expect(write.status, write.text).toBe(400);
      expect(write.text).toMatch(/read.?only|readonly/i);
      // In person, in her browser, the owner still may.
      const count = await readJson<QueryResults>(
        await alice.request('/api/query/_run', {
          method: 'POST',
          body: { databaseId: database.id, query: 'SELECT COUNT(*) FROM Genre WHERE GenreId = 999' },
        }),
      );
      expect(count.rows).toEqual([[0]]);
    });

    it('refuses a route outside its scopes, and every route that changes or manages anything', async () => {
      const created = await makeKey(alice, { name: 'Reader', scopes: ['metadata:read'] });
      const script = bearerClient(running.baseUrl, created.secret);
      const run = await script.post<{ error: { code: string; message: string } }>('/api/query/_run', {
        databaseId: database.id,
        query: 'SELECT 1',
      });
      expect(run.status).toBe(403);
      expect(run.body.error.message).toContain('sql:run');
      const refused: [string, string, unknown?][] = [
        [
          'POST',
          '/api/databases',
          { name: 'More', engine: 'sqlite', details: { filename: chinook.filename } },
        ],
        ['DELETE', `/api/databases/${database.id}`],
        ['GET', '/api/api-keys'],
        ['POST', '/api/api-keys', { name: 'Child', scopes: ['sql:run'], expires_at: null }],
        ['DELETE', `/api/api-keys/${created.id}`],
        ['GET', '/api/user/sessions'],
        ['GET', '/api/users'],
      ];
      for (const [method, path, body] of refused) {
        const answer = await script.call<{ error: { code: string; message: string } }>(method, path, body);
        expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(403);
        expect(answer.body.error.message).toContain('API keys may not call');
      }
      // The key still works: a refusal revokes nothing.
      expect((await script.get('/api/databases')).status).toBe(200);
    });

    it('is refused (401, invalid_token) once revoked, and only its maker revokes it', async () => {
      const created = await makeKey(bob, { name: 'Short-lived', scopes: ['metadata:read'] });
      const script = bearerClient(running.baseUrl, created.secret);
      expect((await script.get('/api/databases')).status).toBe(200);
      const byAlice = await alice.request(`/api/api-keys/${created.id}`, { method: 'DELETE' });
      expect(byAlice.status).toBe(404);
      expect((await bob.request(`/api/api-keys/${created.id}`, { method: 'DELETE' })).status).toBe(204);
      const after = await script.get<{ error: { code: string; message: string } }>('/api/databases');
      expect(after.status).toBe(401);
      expect(after.body.error.message).toContain('revoked');
      expect((after as typeof after & { challenge: string }).challenge).toMatch(
        /^Bearer .*error="invalid_token"/,
      );
      const listed = await readJson<ApiKeys>(await bob.request('/api/api-keys'));
      expect(listed.keys.map((key) => key.id)).not.toContain(created.id);
      expect((await bob.request(`/api/api-keys/${created.id}`, { method: 'DELETE' })).status).toBe(404);
      // An unknown or malformed key is no one, never the browser's or anyone's session.
      const unknown = await bearerClient(running.baseUrl, 'qk_nothing').get('/api/user');
      expect(unknown.status).toBe(401);
    });

    it('is refused (401) once expired, and listed as expired', async () => {
      const created = await makeKey(bob, {
        name: 'One day',
        scopes: ['metadata:read'],
        expires_at: new Date(clock.now().getTime() + day).toISOString(),
      });
      const script = bearerClient(running.baseUrl, created.secret);
      expect((await script.get('/api/databases')).status).toBe(200);
      clock.advance(day + 1000);
      const after = await script.get<{ error: { message: string } }>('/api/databases');
      expect(after.status).toBe(401);
      expect(after.body.error.message).toContain('expired');
      const listed = await readJson<ApiKeys>(await bob.request('/api/api-keys'));
      expect(listed.keys.find((key) => key.id === created.id)?.expired).toBe(true);
    });

    it('lets administrators alone make organisation keys, acting as a service member of it', async () => {
      const aliceUser = await readJson<ServerUser>(await alice.request('/api/user'));
      const organizationId = aliceUser.organization_id ?? '';
      expect(organizationId).not.toBe('');
      const byMember = await requestJson<{ error: { code: string; field?: string } }>(bob, '/api/api-keys', {
        method: 'POST',
        body: { name: 'Team', scopes: ['metadata:read'], expires_at: null, organization_id: organizationId },
      });
      expect(byMember.status).toBe(403);
      expect(byMember.body.error.field).toBe('organization_id');
      const unknownOrganization = await requestJson<{ error: { field?: string } }>(alice, '/api/api-keys', {
        method: 'POST',
        body: { name: 'Team', scopes: ['metadata:read'], expires_at: null, organization_id: 'nowhere' },
      });
      expect(unknownOrganization.status).toBe(400);
      expect(unknownOrganization.body.error.field).toBe('organization_id');

      const created = await makeKey(alice, {
        name: 'Wonderland dashboard',
        scopes: ['metadata:read'],
        organization_id: organizationId,
      });
      expect(created).toMatchObject({ kind: 'organization', organization_name: 'Wonderland' });
      const script = bearerClient(running.baseUrl, created.secret);
      const me = await script.get<ServerUser>('/api/user');
      expect(me.body).toMatchObject({ role: 'member', organization_id: organizationId, email: null });
      // It sees what Wonderland shares (Alice's database), as a colleague would.
      const databases = await script.get<Database[]>('/api/databases');
      expect(databases.body.map((each) => each.id)).toEqual([database.id]);
      // Administrators list it, members do not; the people page does not list its service account.
      const byAlice = await readJson<ApiKeys>(await alice.request('/api/api-keys'));
      expect(byAlice.keys.map((key) => key.id)).toContain(created.id);
      const byBob = await readJson<ApiKeys>(await bob.request('/api/api-keys'));
      expect(byBob.keys.map((key) => key.id)).not.toContain(created.id);
      const people = await readJson<ManagedUsers>(await alice.request('/api/users'));
      expect(people.users.map((user) => user.email).sort()).toEqual(['alice@example.com', 'bob@example.com']);
      expect((await bob.request(`/api/api-keys/${created.id}`, { method: 'DELETE' })).status).toBe(404);
      expect((await alice.request(`/api/api-keys/${created.id}`, { method: 'DELETE' })).status).toBe(204);
      expect((await script.get('/api/databases')).status).toBe(401);
    });
  });
}
