import { createHash } from 'node:crypto';
import { fastifyCookie } from '@fastify/cookie';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authCookie,
  authCookieName,
  clearedAuthCookie,
  readAuthCookie,
} from '../../src/auth/auth-cookies.ts';
import { createSession } from '../../src/auth/sessions/create-session.ts';
import { listSessions } from '../../src/auth/sessions/list-sessions.ts';
import { resolveSession } from '../../src/auth/sessions/resolve-session.ts';
import {
  revokeAllSessions,
  revokeSession,
  revokeSessionByToken,
} from '../../src/auth/sessions/revoke-sessions.ts';
import type { SessionDeps } from '../../src/auth/sessions/session-policy.ts';
import { createSessionUserResolver } from '../../src/auth/sessions/session-user-resolver.ts';
import { findUserById, insertUser, setUserDeactivated } from '../../src/modules/users/users.repo.ts';
import type { Store } from '../../src/store/connect.ts';
import { migrations } from '../../src/store/migrate.ts';
import { migratedStores } from '../helpers/migrated-stores.ts';
import type { TestStore } from '../helpers/test-stores.ts';
import type { TestClock } from '../oidc/hosted-deps.ts';
import { testClock } from '../oidc/hosted-deps.ts';

const minute = 60 * 1000;
const hour = 60 * minute;
const policy = { idleTimeoutMs: 2 * hour, absoluteTimeoutMs: 24 * hour };

/** A bare Fastify app with the cookie plugin, as the app has it: sets and reads the auth cookies over HTTP. */
async function startCookieServer(publicUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify();
  await app.register(fastifyCookie);
  app.get('/set', (_request, reply) => {
    const session = authCookie('session', publicUrl, 'token-1', 3600);
    const signIn = clearedAuthCookie('sign-in', publicUrl);
    return reply
      .setCookie(session.name, session.value, session.options)
      .setCookie(signIn.name, signIn.value, signIn.options)
      .send({});
  });
  app.get('/read', (request) => ({ token: readAuthCookie('session', publicUrl, request.cookies) }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}

describe('session cookies over HTTP', () => {
  it('are __Host- and Secure over https, plain over http; HttpOnly, SameSite=Lax, Path=/ either way', async () => {
    for (const [publicUrl, expected] of [
      [
        'https://querent.example.com',
        [
          '__Host-querent_session=token-1; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=Lax',
          '__Host-querent_sign_in=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax',
        ],
      ],
      [
        'http://localhost:3000',
        [
          'querent_session=token-1; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax',
          'querent_sign_in=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
        ],
      ],
    ] as const) {
      const server = await startCookieServer(publicUrl);
      try {
        const response = await fetch(`${server.url}/set`);
        expect(response.headers.getSetCookie()).toEqual(expected);
      } finally {
        await server.close();
      }
    }
  });

  it('are read back by their name for the public URL, an empty one counting as none', async () => {
    const server = await startCookieServer('https://querent.example.com');
    const read = async (cookie: string) => {
      const response = await fetch(`${server.url}/read`, { headers: { cookie } });
      return ((await response.json()) as { token: string | null }).token;
    };
    try {
      expect(await read('querent_session=abc; __Host-querent_session=def; other=1')).toBe('def');
      expect(await read('querent_session=abc')).toBeNull();
      expect(await read('__Host-querent_session=')).toBeNull();
    } finally {
      await server.close();
    }
    expect(authCookieName('sign-in', 'https://querent.example.com')).toBe('__Host-querent_sign_in');
    expect(authCookieName('sign-in', 'http://localhost:3000')).toBe('querent_sign_in');
  });
});

for (const dialect of await migratedStores('Sessions suite')) {
  describe.skipIf(!dialect.run)(`sessions on a ${dialect.name}`, () => {
    let testStore: TestStore;
    let store: Store;

    beforeAll(async () => {
      testStore = await dialect.open();
      store = testStore.store;
    });

    afterAll(async () => {
      await testStore.dispose();
    });

    function depsAt(clock: TestClock): SessionDeps {
      return { db: store.db, policy, now: clock.now };
    }

    async function newMember(email = 'ann@example.com') {
      return insertUser(store.db, { role: 'member', email });
    }

    it('keeps only a hash of the token, and resolves the token to its user', async () => {
      const clock = testClock();
      const deps = depsAt(clock);
      const user = await newMember();
      const created = await createSession(deps, {
        userId: user.id,
        idToken: 'id.token.here',
        userAgent: 'Firefox',
        ip: '10.0.0.1',
      });
      expect(created.token).toMatch(/^[\w-]{43}$/);
      expect(created.maxAgeSeconds).toBe(24 * 3600);
      const rows = await store.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.id).toBe(createHash('sha256').update(created.token).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(created.token);
      expect(rows[0]).toMatchObject({
        id_token: 'id.token.here',
        user_agent: 'Firefox',
        ip: '10.0.0.1',
        created_at: clock.now().toISOString(),
        idle_expires_at: new Date(clock.now().getTime() + 2 * hour).toISOString(),
        expires_at: new Date(clock.now().getTime() + 24 * hour).toISOString(),
        revoked_at: null,
      });

      const resolved = await resolveSession(deps, created.token);
      expect(resolved?.user.id).toBe(user.id);
      expect(resolved?.session.id).toBe(rows[0]?.id);
      expect(await resolveSession(deps, `${created.token}x`)).toBeNull();
      expect(await resolveSession(deps, null)).toBeNull();
      expect(await resolveSession(deps, '')).toBeNull();
    });

    it('gives every sign-in a new token', async () => {
      const deps = depsAt(testClock());
      const user = await newMember();
      const first = await createSession(deps, { userId: user.id });
      const second = await createSession(deps, { userId: user.id });
      expect(second.token).not.toBe(first.token);
      expect((await resolveSession(deps, first.token))?.user.id).toBe(user.id);
      expect((await resolveSession(deps, second.token))?.user.id).toBe(user.id);
    });

    it('writes last-seen at most once a minute, pushing the idle expiry back', async () => {
      const clock = testClock();
      const deps = depsAt(clock);
      const user = await newMember();
      const { token, session } = await createSession(deps, { userId: user.id });
      const stored = () =>
        store.db.selectFrom('sessions').selectAll().where('id', '=', session.id).executeTakeFirstOrThrow();

      clock.advance(30 * 1000);
      expect(await resolveSession(deps, token)).not.toBeNull();
      expect((await stored()).last_seen_at).toBe(session.lastSeenAt);

      clock.advance(31 * 1000);
      const resolved = await resolveSession(deps, token);
      const now = clock.now();
      expect(resolved?.session.lastSeenAt).toBe(now.toISOString());
      expect(await stored()).toMatchObject({
        last_seen_at: now.toISOString(),
        idle_expires_at: new Date(now.getTime() + 2 * hour).toISOString(),
        expires_at: session.expiresAt,
      });
    });

    it('ends a session left unused past the idle timeout', async () => {
      const clock = testClock();
      const deps = depsAt(clock);
      const user = await newMember();
      const { token } = await createSession(deps, { userId: user.id });
      clock.advance(2 * hour - minute);
      expect(await resolveSession(deps, token)).not.toBeNull();
      // Used a minute before the idle end, so it lives two more hours from there.
      clock.advance(2 * hour - minute);
      expect(await resolveSession(deps, token)).not.toBeNull();
      clock.advance(2 * hour + 1);
      expect(await resolveSession(deps, token)).toBeNull();
    });

    it('ends a session at its absolute expiry however active, and never stretches the idle expiry past it', async () => {
      const clock = testClock();
      const deps = depsAt(clock);
      const user = await newMember();
      const { token, session } = await createSession(deps, { userId: user.id });
      for (let elapsed = 0; elapsed < 24 * hour - hour; elapsed += hour) {
        clock.advance(hour);
        expect(await resolveSession(deps, token)).not.toBeNull();
      }
      clock.advance(30 * minute);
      expect((await resolveSession(deps, token))?.session.idleExpiresAt).toBe(session.expiresAt);
      clock.advance(30 * minute);
      expect(clock.now().toISOString()).toBe(session.expiresAt);
      expect(await resolveSession(deps, token)).toBeNull();
    });

    it('refuses a revoked session, and revokes only the user’s own by id', async () => {
      const deps = depsAt(testClock());
      const ann = await newMember();
      const eve = await newMember('eve@example.com');
      const kept = await createSession(deps, { userId: ann.id });
      const other = await createSession(deps, { userId: ann.id });

      await expect(revokeSession(deps, { userId: eve.id, sessionId: kept.session.id })).rejects.toMatchObject(
        {
          code: 'NOT_FOUND',
          status: 404,
        },
      );
      expect(await resolveSession(deps, kept.token)).not.toBeNull();

      await revokeSession(deps, { userId: ann.id, sessionId: other.session.id });
      expect(await resolveSession(deps, other.token)).toBeNull();
      await expect(
        revokeSession(deps, { userId: ann.id, sessionId: other.session.id }),
      ).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });

      const loggedOut = await revokeSessionByToken(deps, kept.token);
      expect(loggedOut?.id).toBe(kept.session.id);
      expect(await resolveSession(deps, kept.token)).toBeNull();
      expect(await revokeSessionByToken(deps, kept.token)).toBeNull();
    });

    it('revokes all of a user’s sessions, or all but the current one, leaving other users alone', async () => {
      const deps = depsAt(testClock());
      const ann = await newMember();
      const eve = await newMember('eve@example.com');
      const [a1, a2, a3] = [
        await createSession(deps, { userId: ann.id }),
        await createSession(deps, { userId: ann.id }),
        await createSession(deps, { userId: ann.id }),
      ];
      const e1 = await createSession(deps, { userId: eve.id });

      expect(await revokeAllSessions(deps, { userId: ann.id, exceptSessionId: a1.session.id })).toBe(2);
      expect(await resolveSession(deps, a1.token)).not.toBeNull();
      expect(await resolveSession(deps, a2.token)).toBeNull();
      expect(await resolveSession(deps, a3.token)).toBeNull();

      expect(await revokeAllSessions(deps, { userId: ann.id })).toBe(1);
      expect(await resolveSession(deps, a1.token)).toBeNull();
      expect(await resolveSession(deps, e1.token)).not.toBeNull();
    });

    it('refuses the sessions of a deactivated user until reactivated', async () => {
      const deps = depsAt(testClock());
      const user = await newMember();
      const { token } = await createSession(deps, { userId: user.id });
      await setUserDeactivated(store.db, user.id, new Date().toISOString());
      expect(await resolveSession(deps, token)).toBeNull();
      await setUserDeactivated(store.db, user.id, null);
      expect((await resolveSession(deps, token))?.user.id).toBe(user.id);
    });

    it('lists a user’s live sessions, most recently used first, marking the current one', async () => {
      const clock = testClock();
      const deps = depsAt(clock);
      const user = await newMember();
      const laptop = await createSession(deps, { userId: user.id, userAgent: 'Laptop', ip: '10.0.0.1' });
      clock.advance(5 * minute);
      const phone = await createSession(deps, { userId: user.id, userAgent: 'Phone', ip: '10.0.0.2' });
      clock.advance(5 * minute);
      const revoked = await createSession(deps, { userId: user.id, userAgent: 'Old' });
      await revokeSessionByToken(deps, revoked.token);
      clock.advance(5 * minute);
      await resolveSession(deps, laptop.token);

      const list = await listSessions(deps, { userId: user.id, currentSessionId: phone.session.id });
      expect(list.map((session) => [session.userAgent, session.ip, session.current])).toEqual([
        ['Laptop', '10.0.0.1', false],
        ['Phone', '10.0.0.2', true],
      ]);
      expect(list[0]).toMatchObject({
        id: laptop.session.id,
        createdAt: laptop.session.createdAt,
        lastSeenAt: clock.now().toISOString(),
        expiresAt: new Date(clock.now().getTime() + 2 * hour).toISOString(),
      });

      // Past both idle ends nothing is live; the next sign-in forgets the ended sessions.
      clock.advance(3 * hour);
      expect(await listSessions(deps, { userId: user.id })).toEqual([]);
      await createSession(deps, { userId: user.id });
      const left = await store.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(left).toHaveLength(1);
    });

    it('migration 0008 goes down to the sessions table of 0001 and up again', async () => {
      const fresh = await dialect.open();
      try {
        const { db } = fresh.store;
        const migrator = new Migrator({
          db,
          provider: { getMigrations: () => Promise.resolve(migrations(fresh.store.dialect)) },
        });
        const user = await insertUser(db, {
          role: 'member',
          oidcSubject: 'ann',
          oidcIssuer: 'https://id.example',
        });
        await createSession({ db, policy }, { userId: user.id });
        expect((await migrator.migrateTo('0007-favorites-cascade-with-their-items')).error).toBeUndefined();
        // Down: sessions as 0001 made them, and none of the new columns or tables.
        await sql`insert into sessions (id, user_id, expires_at)
          values (${'hash'}, ${user.id}, ${'2030-01-01T00:00:00.000Z'})`.execute(db);
        await expect(sql`select oidc_issuer from users`.execute(db)).rejects.toThrow();
        await expect(sql`select external_key from organizations`.execute(db)).rejects.toThrow();
        await expect(sql`select state from sign_in_attempts`.execute(db)).rejects.toThrow();

        expect((await migrator.migrateToLatest()).error).toBeUndefined();
        expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
        expect(await findUserById(db, user.id)).toMatchObject({
          oidcSubject: 'ann',
          oidcIssuer: null,
          deactivatedAt: null,
        });
        const { token } = await createSession({ db, policy }, { userId: user.id });
        expect((await resolveSession({ db, policy }, token))?.user.id).toBe(user.id);
      } finally {
        await fresh.dispose();
      }
    });

    it('tells HTTP and socket credentials apart by the session cookie of the public URL', async () => {
      const deps = depsAt(testClock());
      const user = await newMember();
      const { token } = await createSession(deps, { userId: user.id });
      const resolveHttps = createSessionUserResolver({ ...deps, publicUrl: 'https://querent.example.com' });
      const resolveHttp = createSessionUserResolver({ ...deps, publicUrl: 'http://localhost:3000' });
      const credentials = { headers: {}, cookies: { '__Host-querent_session': token } };
      expect(await resolveHttps(credentials)).toMatchObject({
        user: { id: user.id },
        sessionId: createHash('sha256').update(token).digest('hex'),
      });
      expect(await resolveHttp(credentials)).toBeNull();
      expect(await resolveHttps({ headers: {}, cookies: {} })).toBeNull();
    });
  });
}
