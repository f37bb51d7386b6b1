import type { SocketErrorEvent } from '@querent/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { removeExpiredVisitors } from '../../src/auth/anonymous/visitor-cleanup.ts';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';
import { readError, readJson } from '../helpers/responses.ts';
import type { AppStore } from '../helpers/store-dialects.ts';
import { storeDialects } from '../helpers/store-dialects.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';
import type { AppBrowser, ClientSocket } from '../oidc/app-browser.ts';
import { createAppBrowser, hostedEnv, signInBrowser, socketConnected } from '../oidc/app-browser.ts';
import type { TestClock } from '../oidc/hosted-deps.ts';
import { testClient, testClock } from '../oidc/hosted-deps.ts';
import type { TestProvider } from '../oidc/test-provider.ts';
import { startTestProvider } from '../oidc/test-provider.ts';

/*
 * The anonymous sandbox (ANONYMOUS_ACCESS=true) against a real hosted server and sign-in: a visitor
 * without a session becomes an anonymous user, sees and uses public databases only, is limited in
 * how often they ask, can sign in at any time, and is removed with what they made once their
 * retention is over.
 */

const hour = 60 * 60 * 1000;
const sockets: ClientSocket[] = [];
let provider: TestProvider;
let sqlite: { filename: string; remove: () => Promise<void> };

beforeAll(async () => {
  provider = await startTestProvider({ clients: [testClient] });
  sqlite = await chinookSqliteCopy();
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await provider.stop();
  await sqlite.remove();
});

interface Me {
  id: string;
  role: string;
  email: string | null;
  organization_id: string | null;
}

function nextError(socket: ClientSocket): Promise<SocketErrorEvent> {
  return new Promise((resolve) => socket.once('error', resolve));
}

for (const dialect of await storeDialects('The anonymous sandbox')) {
  describe.skipIf(!dialect.run)(`the anonymous sandbox (${dialect.name})`, () => {
    let appStore: AppStore;
    let running: RunningApp;
    let clock: TestClock;
    let admin: AppBrowser;
    let publicId: string;
    let privateId: string;

    beforeAll(async () => {
      appStore = await dialect.open();
      clock = testClock();
      running = await startTestApp(
        hostedEnv(provider.issuer, {
          ...appStore.env,
          ANONYMOUS_ACCESS: 'true',
          ANONYMOUS_RETENTION_HOURS: '2',
          ANONYMOUS_ASKS_PER_MINUTE: '2',
        }),
        { ...(appStore.store ? { store: appStore.store } : {}), now: clock.now },
      );
      admin = createAppBrowser(running.baseUrl);
      expect((await admin.signIn('alice')).status).toBe(302);
      const database = (name: string, isPublic: boolean) =>
        admin.request('/api/databases', {
          method: 'POST',
          body: { name, engine: 'sqlite', details: { filename: sqlite.filename }, public: isPublic },
        });
      publicId = (await readJson<{ id: string }>(await database('Open Chinook', true), 201)).id;
      privateId = (await readJson<{ id: string }>(await database('Team Chinook', false), 201)).id;
    });

    afterAll(async () => {
      await running.stop();
      await appStore.dispose();
    });

    it('gives a visitor without a session an anonymous identity that their cookie keeps', async () => {
      const visitor = createAppBrowser(running.baseUrl);
      const me = await readJson<Me>(await visitor.request('/api/user'));
      expect(me).toMatchObject({ role: 'anonymous', email: null, organization_id: null });
      expect((await readJson<Me>(await visitor.request('/api/user'))).id).toBe(me.id);
      const other = await readJson<Me>(await createAppBrowser(running.baseUrl).request('/api/user'));
      expect(other.id).not.toBe(me.id);
      // The sign-in and sign-out endpoints still answer without making anyone.
      expect((await createAppBrowser(running.baseUrl).request('/api/auth')).status).toBe(200);

      // Visitors are not people to manage: never listed, never changed.
      const people = await readJson<{ users: { id: string }[] }>(await admin.request('/api/users'));
      expect(people.users.map((user) => user.id)).not.toContain(me.id);
      const change = await admin.request(`/api/users/${me.id}`, { method: 'PUT', body: { role: 'admin' } });
      expect((await readError(change)).status).toBe(404);
    });

    it('lets a visitor see and use public databases only, and make nothing to share', async () => {
      const visitor = createAppBrowser(running.baseUrl);
      const listed = await readJson<{ id: string; name: string }[]>(await visitor.request('/api/databases'));
      expect(listed.map((database) => database.name)).toEqual(['Open Chinook']);
      expect((await visitor.request(`/api/databases/${privateId}`)).status).toBe(404);

      const conversation = await visitor.request('/api/conversations', {
        method: 'POST',
        body: { contextId: `database-${publicId}` },
      });
      expect(conversation.status).toBe(201);
      const hidden = await visitor.request('/api/conversations', {
        method: 'POST',
        body: { contextId: `database-${privateId}` },
      });
      expect(hidden.status).toBe(404);

      const connect = await visitor.request('/api/databases', {
        method: 'POST',
        body: {
          name: 'Mine',
          engine: 'postgres',
          details: { host: 'h', user: 'u', password: 'p', database: 'd' },
        },
      });
      expect((await readError(connect)).status).toBe(403);
      expect((await readError(await visitor.request('/api/users'))).status).toBe(403);
    });

    it('limits how often a visitor asks, with a clear 429, and never a signed-in person', async () => {
      const visitor = createAppBrowser(running.baseUrl);
      const run = (browser: AppBrowser) =>
        browser.request('/api/query/_run', {
          method: 'POST',
          body: { databaseId: publicId, query: 'SELECT count(*) AS n FROM Genre' },
        });
      expect((await run(visitor)).status).toBe(200);
      expect((await run(visitor)).status).toBe(200);
      const refused = await readError(await run(visitor));
      expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect(refused.message).toMatch(
        /Visitors may ask 2 questions a minute\. Try again in \d+ seconds, or sign in\./,
      );

      // The socket's questions count against the same allowance.
      const conversation = await readJson<{ id: string }>(
        await visitor.request('/api/conversations', {
          method: 'POST',
          body: { contextId: `database-${publicId}` },
        }),
        201,
      );
      const socket = visitor.socket();
      sockets.push(socket);
      await socketConnected(socket);
      const error = nextError(socket);
      socket.emit('ask', conversation.id, 'How many genres are there?');
      expect(await error).toMatchObject({ code: 'RATE_LIMITED', conversationId: conversation.id });

      // A new minute, a new allowance.
      clock.advance(61_000);
      expect((await run(visitor)).status).toBe(200);
      for (let count = 0; count < 4; count += 1) expect((await run(admin)).status).toBe(200);
    });

    it('replaces the anonymous session when the visitor signs in, and asks people whose session ended to sign in again', async () => {
      const visitor = createAppBrowser(running.baseUrl);
      const anonymous = await readJson<Me>(await visitor.request('/api/user'));
      const anonymousCookie = visitor.jar.header() ?? '';
      expect((await visitor.signIn('bob')).status).toBe(302);
      const bob = await readJson<Me>(await visitor.request('/api/user'));
      expect(bob).toMatchObject({ role: 'member', email: 'bob@example.com' });

      // The anonymous session ended with the sign-in: its cookie now buys a new stranger, not the old one.
      const stale = await fetch(`${running.baseUrl}/api/user`, { headers: { cookie: anonymousCookie } });
      const again = await readJson<Me>(stale);
      expect(again.role).toBe('anonymous');
      expect(again.id).not.toBe(anonymous.id);

      // Bob signed out from another browser: this one is told to sign in again (401), not made anonymous.
      const elsewhere = await signInBrowser(running.baseUrl, 'bob');
      await readJson(await elsewhere.request('/api/user/sessions', { method: 'DELETE' }));
      expect((await readError(await visitor.request('/api/user'))).status).toBe(401);
    });

    it('removes visitors past their retention with what they made, one instance at a time', async () => {
      const early = createAppBrowser(running.baseUrl);
      const earlyVisitor = await readJson<Me>(await early.request('/api/user'));
      const conversation = await readJson<{ id: string }>(
        await early.request('/api/conversations', {
          method: 'POST',
          body: { contextId: `database-${publicId}` },
        }),
        201,
      );
      clock.advance(hour);
      const late = createAppBrowser(running.baseUrl);
      const lateVisitor = await readJson<Me>(await late.request('/api/user'));
      clock.advance(hour + 1000);

      // The early visitor's session ended with their retention: they are a new stranger now.
      const now = await readJson<Me>(await early.request('/api/user'));
      expect(now.id).not.toBe(earlyVisitor.id);

      const db = running.built.store.db;
      const deps = { db, retentionMs: 2 * hour, now: clock.now };
      const removed = await removeExpiredVisitors(deps, { owner: 'first', intervalMs: 10 * 60_000 });
      expect(removed).toBeGreaterThanOrEqual(1);
      // Another instance asking during the interval leaves the job to the one that holds it.
      expect(await removeExpiredVisitors(deps, { owner: 'second', intervalMs: 10 * 60_000 })).toBeNull();

      const ids = (await db.selectFrom('users').select('id').execute()).map((row) => row.id);
      expect(ids).not.toContain(earlyVisitor.id);
      expect(ids).toContain(lateVisitor.id);
      expect(ids).toContain(now.id);
      const left = await db
        .selectFrom('conversations')
        .select('id')
        .where('id', '=', conversation.id)
        .execute();
      expect(left).toEqual([]);
      const people = await db.selectFrom('users').select('role').where('role', '!=', 'anonymous').execute();
      expect(people.length).toBe(2);

      clock.advance(11 * 60_000);
      expect(await removeExpiredVisitors(deps, { owner: 'second', intervalMs: 10 * 60_000 })).toBe(0);
    });
  });
}

describe('the anonymous sandbox turned off', () => {
  it('leaves a visitor without a session signed out (401)', async () => {
    const running = await startTestApp(hostedEnv(provider.issuer));
    try {
      const visitor = createAppBrowser(running.baseUrl);
      expect((await readError(await visitor.request('/api/user'))).status).toBe(401);
    } finally {
      await running.stop();
    }
  });
});
