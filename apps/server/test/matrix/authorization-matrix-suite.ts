import { isDeepStrictEqual } from 'node:util';
import { apiRoutes } from '@querent/contracts';
import type { AnyRoute } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';
import type { AppStore, StoreDialectCase } from '../helpers/store-dialects.ts';
import { listServedRoutes } from '../helpers/served-routes.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';
import type { MatrixRoute } from './matrix-routes.ts';
import { matrixRoutes, sees } from './matrix-routes.ts';
import { matrixMcp } from './matrix-mcp.ts';
import { matrixSockets } from './matrix-sockets.ts';
import type { ActorName, Browsers, Scenario, ScenarioObjects, SignedInActor } from './matrix-world.ts';
import type { PersonActor } from './matrix-world.ts';
import {
  actors,
  call,
  formerUser,
  matrixUsers,
  scenarios,
  seedDatabase,
  seedObjects,
} from './matrix-world.ts';
import { authCookieName } from '../../src/auth/auth-cookies.ts';
import type { AppBrowser } from '../oidc/app-browser.ts';
import { createAppBrowser, hostedEnv, signInBrowser } from '../oidc/app-browser.ts';
import { testClient, testPublicUrl } from '../oidc/hosted-deps.ts';
import type { TestProvider } from '../oidc/test-provider.ts';
import { startTestProvider } from '../oidc/test-provider.ts';

/*
 * The authorization matrix: every REST route the running app serves and every socket event,
 * called by the owner, a colleague (same organisation), an outsider (another organisation), an
 * administrator, an anonymous visitor of the sandbox (ANONYMOUS_ACCESS=true, given their identity
 * the way a browser is) and a signed-out caller, on private, shared and public objects, each cell checked against the answer it must get (success, 403, 404 or 401); and
 * every MCP tool through each person's API key (matrix-mcp.ts). One hosted server per store,
 * seeded once.
 */

type Cell = {
  route: string;
  scenario: Scenario | '-';
  actor: ActorName;
  expected: number;
  got: number;
  text: string;
};

/** Abilities as the server sends them: the actions named, and no other. */
function grants(...allowed: string[]): Record<string, boolean> {
  const every = ['run', 'write_data', 'edit', 'delete', 'share', 'publish', 'confirm_credentials'];
  return Object.fromEntries(every.map((action) => [action, allowed.includes(action)]));
}

function successOf(key: string): number {
  return (apiRoutes as Record<string, AnyRoute>)[key]?.status ?? 200;
}

/** What a cell must answer, from the hand-written rules of matrix-routes.ts. */
function expectedStatus(key: string, route: MatrixRoute, scenario: Scenario, actor: ActorName): number {
  if (route.type === 'public') return -1;
  if (actor === 'signedOut') return 401;
  if (route.type === 'user') return route.allowed.includes(actor) ? (route.status ?? successOf(key)) : 403;
  if (route.refusesVisitorsFirst && actor === 'visitor') return 403;
  if (!sees[route.group][scenario].includes(actor)) return 404;
  return route.allowed.includes(actor) ? successOf(key) : 403;
}

async function uploadCsv(browser: AppBrowser, baseUrl: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob(['id,name\n1,a\n2,b\n']), 'matrix.csv');
  const cookie = browser.jar.header();
  return fetch(`${baseUrl}/api/uploads`, {
    method: 'POST',
    headers: { origin: testPublicUrl, ...(cookie === undefined ? {} : { cookie }) },
    body: form,
  });
}

/** The matrix on one store: a hosted server with its provider, seeded once. */
export function authorizationMatrixSuite(dialect: StoreDialectCase): void {
  describe.skipIf(!dialect.run)(`the authorization matrix on the ${dialect.name}`, () => {
    let appStore: AppStore;
    let provider: TestProvider;
    let running: RunningApp;
    let chinook: { filename: string; remove: () => Promise<void> };
    let browsers: Browsers;
    let endedSession = '';
    /**
     * With the sandbox on, a browser without a session would be made a visitor: the one refused
     * (401) is a browser still holding a session that ended, told to sign in again.
     */
    const signedOut = () => {
      const browser = createAppBrowser(running.baseUrl);
      browser.jar.set(authCookieName('session', testPublicUrl), endedSession);
      return browser;
    };
    const world = {} as Record<Scenario, ScenarioObjects>;
    let ownerRecord: { id: string; organizationId: string | null };

    beforeAll(async () => {
      chinook = await chinookSqliteCopy();
      appStore = await dialect.open();
      provider = await startTestProvider({
        clients: [testClient],
        users: [...Object.values(matrixUsers), formerUser],
      });
      running = await startTestApp(
        hostedEnv(provider.issuer, {
          ADMIN_EMAILS: matrixUsers.admin.email ?? '',
          ANONYMOUS_ACCESS: 'true',
          // The matrix runs every route once per situation: more than a visitor's usual minute.
          ANONYMOUS_ASKS_PER_MINUTE: '10000',
          // Behind a proxy that names PUBLIC_URL's host, so MCP clients pass the DNS-rebinding guard.
          TRUST_PROXY: '1',
          ...appStore.env,
        }),
        appStore.store ? { store: appStore.store } : {},
      );
      // One after the other, the administrator first: the first user to sign in becomes one.
      const entries: [SignedInActor, AppBrowser][] = [];
      for (const actor of Object.keys(matrixUsers) as PersonActor[]) {
        const browser = await signInBrowser(running.baseUrl, matrixUsers[actor].sub);
        entries.push([actor, browser]);
      }
      // The visitor arrives without a session and is given an anonymous one, kept by its cookie.
      const visitor = createAppBrowser(running.baseUrl);
      const me = (await (await visitor.request('/api/user')).json()) as { id: string; role: string };
      expect(me.role).toBe('anonymous');
      expect(((await (await visitor.request('/api/user')).json()) as { id: string }).id).toBe(me.id);
      entries.push(['visitor', visitor]);
      browsers = Object.fromEntries(entries) as Browsers;

      const former = await signInBrowser(running.baseUrl, formerUser.sub);
      endedSession = former.jar.get(authCookieName('session', testPublicUrl)) ?? '';
      expect(endedSession).not.toBe('');
      expect((await former.request('/api/auth/logout', { method: 'POST' })).status).toBe(200);
      expect((await signedOut().request('/api/user')).status).toBe(401);

      const { db } = running.built.store;
      const owner = await db
        .selectFrom('users')
        .select(['id', 'organization_id', 'role'])
        .where('oidc_subject', '=', matrixUsers.owner.sub)
        .executeTakeFirstOrThrow();
      expect(owner.role).toBe('member');
      ownerRecord = { id: owner.id, organizationId: owner.organization_id };
      for (const scenario of scenarios) {
        const database = await seedDatabase(db, ownerRecord, chinook.filename, scenario);
        world[scenario] = await seedObjects(db, browsers.owner, database, scenario, chinook.filename);
      }
    }, 60_000);

    afterAll(async () => {
      await running.stop();
      await provider.stop();
      await appStore.dispose();
      await chinook.remove();
    });

    it('has an entry for every route the app serves, and serves every entry', () => {
      const served = listServedRoutes(running.built.app).filter((key) => {
        const path = key.slice(key.indexOf(' ') + 1);
        return path.startsWith('/api/') && !path.startsWith('/api/docs');
      });
      expect(
        served.filter((key) => !(key in matrixRoutes)),
        'routes without a matrix entry',
      ).toEqual([]);
      expect(
        Object.keys(matrixRoutes).filter((key) => !served.includes(key)),
        'entries not served',
      ).toEqual([]);
    });

    it('answers every route, actor and situation as the access rules say', async () => {
      const { db } = running.built.store;
      const wrong: Cell[] = [];
      for (const [key, route] of Object.entries(matrixRoutes)) {
        const method = key.slice(0, key.indexOf(' '));
        if (route.type === 'public') {
          const response = await call(signedOut(), method, route.path);
          if (response.status === 401 || response.status >= 500) {
            wrong.push({
              route: key,
              scenario: '-',
              actor: 'signedOut',
              expected: 200,
              got: response.status,
              text: response.text,
            });
          }
          continue;
        }
        const situations: Scenario[] = route.type === 'user' ? ['shared'] : [...scenarios];
        for (const scenario of situations) {
          for (const actor of actors) {
            const expected = expectedStatus(key, route, scenario, actor);
            let objects = world[scenario];
            if (route.type === 'object' && route.destroys && expected < 300) {
              // Allowed to remove it: each such caller removes a fresh one of the same situation.
              const database =
                route.destroys === 'database'
                  ? await seedDatabase(db, ownerRecord, chinook.filename, scenario)
                  : objects.database;
              objects = await seedObjects(db, browsers.owner, database, scenario, chinook.filename);
            }
            const browser = actor === 'signedOut' ? signedOut() : browsers[actor];
            let got: number;
            let text: string;
            if (route.type === 'user' && route.upload) {
              const response = await uploadCsv(browser, running.baseUrl);
              got = response.status;
              text = await response.text();
            } else {
              const path = route.type === 'user' ? route.path : route.path(objects);
              const body = route.type === 'user' ? route.body : route.body?.(objects, scenario);
              ({ status: got, text } = await call(browser, method, path, body));
            }
            if (got !== expected)
              wrong.push({ route: key, scenario, actor, expected, got, text: text.slice(0, 160) });
          }
        }
      }
      expect(wrong).toEqual([]);
    }, 300_000);

    it('lists to each caller exactly the databases they may see', async () => {
      for (const actor of Object.keys(browsers) as SignedInActor[]) {
        const listed = (await (await browsers[actor].request('/api/databases')).json()) as { id: string }[];
        const ids = new Set(listed.map((database) => database.id));
        for (const scenario of scenarios) {
          expect(ids.has(world[scenario].database), `${actor} listing the ${scenario} database`).toBe(
            sees.data[scenario].includes(actor),
          );
        }
      }
    });

    it('lists to each caller exactly the dashboards they may see', async () => {
      for (const actor of Object.keys(browsers) as SignedInActor[]) {
        const listed = (await (await browsers[actor].request('/api/dashboards')).json()) as { id: string }[];
        const ids = new Set(listed.map((dashboard) => dashboard.id));
        for (const scenario of scenarios) {
          expect(ids.has(world[scenario].dashboard), `${actor} listing the ${scenario} dashboard`).toBe(
            sees.dashboard[scenario].includes(actor),
          );
        }
      }
    });

    it('sends each caller the abilities that match what the routes let them do', async () => {
      const wrong: string[] = [];
      const ask = async (actor: SignedInActor, path: string) =>
        (await (await browsers[actor].request(path)).json()) as Record<string, unknown>;
      const check = (what: string, got: unknown, expected: Record<string, boolean>) => {
        if (!isDeepStrictEqual(got, expected)) wrong.push(`${what}: ${JSON.stringify(got)}`);
      };
      for (const scenario of scenarios) {
        const o = world[scenario];
        for (const actor of sees.data[scenario]) {
          // The owner changes their database; an administrator of its organisation also publishes it
          // and vouches for its login; everyone else who sees it only runs SQL on it, read-only.
          const database = await ask(actor, `/api/databases/${o.database}`);
          check(
            `${scenario} ${actor} database`,
            database.abilities,
            actor === 'owner'
              ? grants('run', 'write_data', 'edit', 'delete', 'share')
              : actor === 'admin'
                ? grants('run', 'write_data', 'edit', 'delete', 'share', 'publish', 'confirm_credentials')
                : grants('run'),
          );
          // The semantic model follows the database: its owner and administrators edit and certify.
          const semantic = await ask(actor, `/api/databases/${o.database}/semantic-model`);
          const mayChangeModel = actor === 'owner' || actor === 'admin';
          if (!isDeepStrictEqual(semantic.abilities, { edit: mayChangeModel, certify: mayChangeModel }))
            wrong.push(`${scenario} ${actor} semantic model: ${JSON.stringify(semantic.abilities)}`);
          // Whoever reads the model is suggested its words, through the database or its project.
          for (const owner of [`databases/${o.database}`, `projects/${o.project}`]) {
            const suggested = (await ask(actor, `/api/${owner}/semantic-model/terms?q=genr`)) as {
              terms?: { kind: string; name?: string }[];
            };
            const names = (suggested.terms ?? []).map((term) => `${term.kind}:${term.name ?? ''}`);
            if (!names.includes('dataset:genre') || !names.includes('metric:genre_count'))
              wrong.push(`${scenario} ${actor} ${owner} terms: ${JSON.stringify(names)}`);
          }
          // Issues and entities follow the database: its organisation triages issues, runs an
          // entity's checks and changes them; nothing deletes an entity or an issue.
          const mayTriage = ['owner', 'colleague', 'admin'].includes(actor);
          const issues = (await ask(actor, `/api/issues?contextId=${o.contextId}`)) as unknown as {
            editable: boolean;
            abilities: unknown;
          }[];
          if (issues.length === 0) wrong.push(`${scenario} ${actor} sees no issue`);
          for (const issue of issues) {
            if (issue.editable !== mayTriage) wrong.push(`${scenario} ${actor} issue editable`);
            check(`${scenario} ${actor} issue`, issue.abilities, mayTriage ? grants('edit') : grants());
          }
          const entity = await ask(actor, `/api/business-entities/${o.entity}`);
          if (entity.editable !== mayTriage) wrong.push(`${scenario} ${actor} entity editable`);
          check(
            `${scenario} ${actor} entity`,
            entity.abilities,
            mayTriage ? grants('run', 'edit') : grants(),
          );
        }
        for (const actor of sees.owned[scenario]) {
          const query = await ask(actor, `/api/query/${o.query}`);
          check(
            `${scenario} ${actor} query`,
            query.abilities,
            actor === 'owner' ? grants('run', 'edit', 'delete', 'share') : grants('run'),
          );
        }
        // A dashboard is its owner's to change, share and publish; everyone else who sees it reads it.
        for (const actor of sees.dashboard[scenario]) {
          const dashboard = await ask(actor, `/api/dashboards/${o.dashboard}`);
          check(
            `${scenario} ${actor} dashboard`,
            dashboard.abilities,
            actor === 'owner' ? grants('edit', 'delete', 'share', 'publish') : grants(),
          );
        }
      }
      // What is asked of a kind comes with the person: administrators publish, vouch for logins,
      // manage people and credits; nobody else does.
      for (const actor of Object.keys(browsers) as SignedInActor[]) {
        const me = await ask(actor, '/api/user');
        const admin = actor === 'admin';
        check(`${actor} person`, me.abilities, {
          publish_databases: admin,
          confirm_credentials: admin,
          manage_people: admin,
          manage_credits: admin,
          // Everyone signed in makes their own API keys; administrators the organisation's.
          create_api_keys: actor !== 'visitor',
          manage_organization_keys: admin,
        });
        // Everyone reads their own organisation's name, and no other.
        const organization = actor === 'visitor' ? undefined : matrixUsers[actor].org;
        if (me.organization_name !== organization)
          wrong.push(`${actor} organisation ${String(me.organization_name)}`);
      }
      expect(wrong).toEqual([]);
    });

    describe('socket events', () => {
      matrixSockets(() => ({ running, browsers, world, signedOut }));
    });

    describe('MCP tools', () => {
      matrixMcp(() => ({ running, browsers, world }));
    });
  });
}
