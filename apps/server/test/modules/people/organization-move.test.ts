import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';
import { call, seedDatabase, seedObjects } from '../../matrix/matrix-world.ts';
import type { AppBrowser } from '../../oidc/app-browser.ts';
import { hostedEnv, signInBrowser } from '../../oidc/app-browser.ts';
import { testClient } from '../../oidc/hosted-deps.ts';
import type { TestUser } from '../../oidc/test-users.ts';
import type { TestProvider } from '../../oidc/test-provider.ts';
import { startTestProvider } from '../../oidc/test-provider.ts';

/*
 * A person moved to another organisation takes what they own along: their old colleagues lose
 * sight of their databases, projects, conversations, queries and charts, their new colleagues
 * gain it. Moved both ways a person changes organisation: by an administrator on /user, and by
 * the organisation claim at their next sign-in.
 */

const people: TestUser[] = [
  { sub: 'move-admin', email: 'admin@move.test', email_verified: true, org: 'Wonderland' },
  { sub: 'move-owner', email: 'owner@move.test', email_verified: true, org: 'Wonderland' },
  { sub: 'move-old', email: 'old@move.test', email_verified: true, org: 'Wonderland' },
  { sub: 'move-new', email: 'new@move.test', email_verified: true, org: 'Oz' },
];

type Objects = Awaited<ReturnType<typeof seedObjects>>;

const paths = (objects: Objects) => [
  `/api/databases/${objects.database}`,
  `/api/projects/${objects.project}`,
  `/api/conversations/${objects.conversation}`,
  `/api/query/${objects.query}`,
  `/api/charts/${objects.chart}`,
];

async function statuses(browser: AppBrowser, objects: Objects): Promise<number[]> {
  const found: number[] = [];
  for (const path of paths(objects)) found.push((await call(browser, 'GET', path)).status);
  return found;
}

const seen = [200, 200, 200, 200, 200];
const hidden = [404, 404, 404, 404, 404];

let provider: TestProvider;
let chinook: { filename: string; remove: () => Promise<void> };

beforeAll(async () => {
  chinook = await chinookSqliteCopy();
  provider = await startTestProvider({ clients: [testClient], users: people });
});

afterAll(async () => {
  await provider.stop();
  await chinook.remove();
});

for (const dialect of await storeDialects('Moving people between organisations')) {
  describe.skipIf(!dialect.run)(`moving a person to another organisation (${dialect.name})`, () => {
    let appStore: AppStore;
    let running: RunningApp | null = null;

    beforeAll(async () => {
      appStore = await dialect.open();
    });

    afterEach(async () => {
      await running?.stop();
      running = null;
    });

    afterAll(async () => {
      await appStore.dispose();
    });

    /** Signs everyone in (the administrator first) and seeds the owner's shared objects. */
    async function world(claim: string) {
      provider.users.set('move-owner', { ...(people[1] as TestUser) });
      const app = await startTestApp(
        hostedEnv(provider.issuer, {
          ADMIN_EMAILS: 'admin@move.test',
          OIDC_ORGANIZATION_CLAIM: claim,
          ...appStore.env,
        }),
        appStore.store ? { store: appStore.store } : {},
      );
      running = app;
      const browsers: AppBrowser[] = [];
      for (const person of people) {
        const browser = await signInBrowser(app.baseUrl, person.sub);
        browsers.push(browser);
      }
      const [admin, owner, oldColleague, newColleague] = browsers as [
        AppBrowser,
        AppBrowser,
        AppBrowser,
        AppBrowser,
      ];
      const { db } = app.built.store;
      const ids = async (sub: string) =>
        db
          .selectFrom('users')
          .select(['id', 'organization_id'])
          .where('oidc_subject', '=', sub)
          .executeTakeFirstOrThrow();
      return { app, admin, owner, oldColleague, newColleague, db, ids };
    }

    async function seedShared(w: Awaited<ReturnType<typeof world>>): Promise<Objects> {
      const owner = await w.ids('move-owner');
      const database = await seedDatabase(
        w.db,
        { id: owner.id, organizationId: owner.organization_id },
        chinook.filename,
        'shared',
      );
      const objects = await seedObjects(w.db, w.owner, database, 'shared', chinook.filename);
      expect(await statuses(w.oldColleague, objects)).toEqual(seen);
      expect(await statuses(w.newColleague, objects)).toEqual(hidden);
      return objects;
    }

    it('an administrator moving them on /user', async () => {
      const w = await world('');
      const created = await call(w.admin, 'POST', '/api/organizations', { name: `Wonderland ${Date.now()}` });
      const wonderland = created.body?.id ?? '';
      const oz = (await call(w.admin, 'POST', '/api/organizations', { name: `Oz ${Date.now()}` })).body?.id;
      for (const [sub, organization] of [
        ['move-owner', wonderland],
        ['move-old', wonderland],
        ['move-new', oz],
      ] as const) {
        const { id } = await w.ids(sub);
        const moved = await call(w.admin, 'PUT', `/api/users/${id}`, { organization_id: organization });
        expect(moved.status, moved.text).toBe(200);
      }
      const objects = await seedShared(w);

      const { id } = await w.ids('move-owner');
      expect((await call(w.admin, 'PUT', `/api/users/${id}`, { organization_id: oz })).status).toBe(200);
      expect(await statuses(w.oldColleague, objects)).toEqual(hidden);
      expect(await statuses(w.newColleague, objects)).toEqual(seen);
      // Taken out of every organisation, what they own is nobody else's to see.
      expect((await call(w.admin, 'PUT', `/api/users/${id}`, { organization_id: null })).status).toBe(200);
      expect(await statuses(w.newColleague, objects)).toEqual(hidden);
      expect(await statuses(w.owner, objects)).toEqual(seen);
    });

    it('the organisation claim at their next sign-in', async () => {
      const w = await world('org');
      const objects = await seedShared(w);

      provider.users.set('move-owner', { ...(people[1] as TestUser), org: 'Oz' });
      expect((await w.owner.signIn('move-owner')).status).toBe(302);
      expect(await statuses(w.oldColleague, objects)).toEqual(hidden);
      expect(await statuses(w.newColleague, objects)).toEqual(seen);
      expect(await statuses(w.owner, objects)).toEqual(seen);
    });
  });
}
