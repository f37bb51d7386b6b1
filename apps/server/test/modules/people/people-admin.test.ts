import type { ManagedUser, ManagedUsers, Organization, Organizations } from '@querent/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readError, readJson } from '../../helpers/responses.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';
import type { AppBrowser, ClientSocket } from '../../oidc/app-browser.ts';
import {
  createAppBrowser,
  hostedEnv,
  signInBrowser,
  socketClosed,
  socketConnected,
} from '../../oidc/app-browser.ts';
import { testClient } from '../../oidc/hosted-deps.ts';
import type { TestProvider } from '../../oidc/test-provider.ts';
import { startTestProvider } from '../../oidc/test-provider.ts';

/*
 * Administrators manage people and organisations on /user, through the real sign-in: the first
 * person to sign in is the administrator, everyone else a member, and only an administrator may
 * list, change, deactivate people or make organisations.
 */

const sockets: ClientSocket[] = [];
let provider: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider({ clients: [testClient] });
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await provider.stop();
});

for (const dialect of await storeDialects('Managing people')) {
  describe.skipIf(!dialect.run)(`managing people and organisations (${dialect.name})`, () => {
    let appStore: AppStore;
    let running: RunningApp;
    let admin: AppBrowser;
    let bob: AppBrowser;

    async function findPerson(login: string): Promise<ManagedUser> {
      const listed = await readJson<ManagedUsers>(await admin.request(`/api/users?q=${login}`));
      const found = listed.users.find((user) => user.email?.startsWith(login));
      if (!found) throw new Error(`${login} is not listed`);
      return found;
    }

    beforeAll(async () => {
      appStore = await dialect.open();
      // Without an organisation claim, administrators decide who belongs where.
      running = await startTestApp(
        hostedEnv(provider.issuer, { ...appStore.env, OIDC_ORGANIZATION_CLAIM: '' }),
        appStore.store ? { store: appStore.store } : {},
      );
      admin = await signInBrowser(running.baseUrl, 'alice');
      bob = await signInBrowser(running.baseUrl, 'bob');
      await signInBrowser(running.baseUrl, 'dave.percent@example.com');
    });

    afterAll(async () => {
      await running.stop();
      await appStore.dispose();
    });

    it('are for administrators only: a member is refused 403, a signed-out caller 401', async () => {
      const calls: [string, string, unknown?][] = [
        ['GET', '/api/users'],
        ['PUT', '/api/users/some-id', { role: 'admin' }],
        ['GET', '/api/organizations'],
        ['POST', '/api/organizations', { name: 'Sneaky' }],
        ['PUT', '/api/organizations/some-id', { name: 'Sneaky' }],
      ];
      const stranger = createAppBrowser(running.baseUrl);
      for (const [method, path, body] of calls) {
        expect((await readError(await bob.request(path, { method, body }))).status).toBe(403);
        expect((await readError(await stranger.request(path, { method, body }))).status).toBe(401);
      }
      const me = await readJson<{ role: string }>(await bob.request('/api/user'));
      expect(me.role).toBe('member');
    });

    it('lists people by name and finds them by any part of a name or email, without case', async () => {
      const all = await readJson<ManagedUsers>(await admin.request('/api/users'));
      expect(all.truncated).toBe(false);
      expect(all.users.map((user) => user.email)).toEqual([
        'dave.percent@example.com',
        'alice@example.com',
        'bob@example.com',
      ]);
      const alice = all.users.find((user) => user.email === 'alice@example.com');
      expect(alice).toMatchObject({
        role: 'admin',
        active: true,
        first_name: 'Alice',
        organization_id: null,
      });

      const byName = await readJson<ManagedUsers>(await admin.request('/api/users?q=BUILD'));
      expect(byName.users.map((user) => user.email)).toEqual(['bob@example.com']);
      const byFullName = await readJson<ManagedUsers>(await admin.request('/api/users?q=alice%20lid'));
      expect(byFullName.users.map((user) => user.email)).toEqual(['alice@example.com']);
      // A typed % is a letter to find, not a wildcard.
      const percent = await readJson<ManagedUsers>(await admin.request('/api/users?q=%25'));
      expect(percent.users).toEqual([]);
    });

    it('creates and renames organisations, moves people between them and lists their members', async () => {
      const acme = await readJson<Organization>(
        await admin.request('/api/organizations', { method: 'POST', body: { name: ' Acme ' } }),
        201,
      );
      expect(acme).toMatchObject({ name: 'Acme', member_count: 0, from_sign_in: false });
      const taken = await readError(
        await admin.request('/api/organizations', { method: 'POST', body: { name: 'ACME' } }),
      );
      expect(taken).toMatchObject({ status: 409, code: 'CONFLICT', field: 'name' });
      const blank = await readError(
        await admin.request('/api/organizations', { method: 'POST', body: { name: '  ' } }),
      );
      expect(blank).toMatchObject({ status: 400, field: 'name' });

      const globex = await readJson<Organization>(
        await admin.request('/api/organizations', { method: 'POST', body: { name: 'Globex' } }),
        201,
      );
      const bobId = (await findPerson('bob')).id;
      const moved = await readJson<ManagedUser>(
        await admin.request(`/api/users/${bobId}`, { method: 'PUT', body: { organization_id: acme.id } }),
      );
      expect(moved).toMatchObject({ organization_id: acme.id, organization_name: 'Acme' });
      const renamed = await readJson<Organization>(
        await admin.request(`/api/organizations/${acme.id}`, { method: 'PUT', body: { name: 'Acme Corp' } }),
      );
      expect(renamed).toMatchObject({ name: 'Acme Corp', member_count: 1 });
      expect(
        await readError(
          await admin.request(`/api/organizations/${globex.id}`, {
            method: 'PUT',
            body: { name: 'acme corp' },
          }),
        ),
      ).toMatchObject({ status: 409, field: 'name' });
      expect(
        (
          await readError(
            await admin.request('/api/organizations/nope', { method: 'PUT', body: { name: 'X' } }),
          )
        ).status,
      ).toBe(404);

      const members = await readJson<ManagedUsers>(
        await admin.request(`/api/users?organization_id=${acme.id}`),
      );
      expect(members.users.map((user) => user.email)).toEqual(['bob@example.com']);
      const listed = await readJson<Organizations>(await admin.request('/api/organizations'));
      expect(listed.managed_by).toBe('admins');
      expect(listed.organizations.map((org) => [org.name, org.member_count])).toEqual([
        ['Acme Corp', 1],
        ['Globex', 0],
      ]);
      // Bob sees his organisation on his own profile.
      const me = await readJson<{ organization_id: string; organization_name: string }>(
        await bob.request('/api/user'),
      );
      expect(me).toMatchObject({ organization_id: acme.id, organization_name: 'Acme Corp' });

      const unknown = await readError(
        await admin.request(`/api/users/${bobId}`, { method: 'PUT', body: { organization_id: 'nope' } }),
      );
      expect(unknown).toMatchObject({ status: 400, field: 'organization_id' });
      const out = await readJson<ManagedUser>(
        await admin.request(`/api/users/${bobId}`, { method: 'PUT', body: { organization_id: null } }),
      );
      expect(out.organization_id).toBeNull();
    });

    it('changes roles, and refuses bad input naming the field and unknown people', async () => {
      const bobId = (await findPerson('bob')).id;
      const promoted = await readJson<ManagedUser>(
        await admin.request(`/api/users/${bobId}`, { method: 'PUT', body: { role: 'admin' } }),
      );
      expect(promoted.role).toBe('admin');
      expect((await readJson<{ role: string }>(await bob.request('/api/user'))).role).toBe('admin');
      await readJson(await admin.request(`/api/users/${bobId}`, { method: 'PUT', body: { role: 'member' } }));
      expect((await readError(await bob.request('/api/users'))).status).toBe(403);

      const anonymousRole = await readError(
        await admin.request(`/api/users/${bobId}`, { method: 'PUT', body: { role: 'anonymous' } }),
      );
      expect(anonymousRole).toMatchObject({ status: 400, field: 'role' });
      const extra = await readError(
        await admin.request(`/api/users/${bobId}`, { method: 'PUT', body: { email: 'x@example.com' } }),
      );
      expect(extra.status).toBe(400);
      expect(
        (
          await readError(
            await admin.request('/api/users/nobody', { method: 'PUT', body: { active: false } }),
          )
        ).status,
      ).toBe(404);
    });

    it('never lets the last active administrator demote or deactivate themselves', async () => {
      const aliceId = (await findPerson('alice')).id;
      for (const body of [{ role: 'member' }, { active: false }]) {
        const refused = await readError(
          await admin.request(`/api/users/${aliceId}`, { method: 'PUT', body }),
        );
        expect(refused).toMatchObject({ status: 409, code: 'CONFLICT' });
      }
      expect((await readJson<{ role: string }>(await admin.request('/api/user'))).role).toBe('admin');
      // With a second administrator, the first may step down.
      const bobId = (await findPerson('bob')).id;
      await readJson(await admin.request(`/api/users/${bobId}`, { method: 'PUT', body: { role: 'admin' } }));
      await readJson(await bob.request(`/api/users/${aliceId}`, { method: 'PUT', body: { role: 'member' } }));
      await readJson(await bob.request(`/api/users/${aliceId}`, { method: 'PUT', body: { role: 'admin' } }));
      await readJson(await admin.request(`/api/users/${bobId}`, { method: 'PUT', body: { role: 'member' } }));
    });

    it('deactivates a person: their sessions end at once, their sockets close, they cannot sign in until reactivated', async () => {
      const dave = await signInBrowser(running.baseUrl, 'dave.percent@example.com');
      const socket = dave.socket();
      sockets.push(socket);
      await socketConnected(socket);
      const closed = socketClosed(socket);
      const daveId = (await findPerson('dave')).id;

      const deactivated = await readJson<ManagedUser>(
        await admin.request(`/api/users/${daveId}`, { method: 'PUT', body: { active: false } }),
      );
      expect(deactivated).toMatchObject({ active: false });
      expect(deactivated.deactivated_at).not.toBeNull();
      expect(await closed).toBe('io server disconnect');
      expect((await dave.request('/api/user')).status).toBe(401);

      const again = createAppBrowser(running.baseUrl);
      const refused = await again.signIn('dave.percent@example.com');
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('deactivated');

      await readJson(await admin.request(`/api/users/${daveId}`, { method: 'PUT', body: { active: true } }));
      // The sessions ended with the deactivation stay ended; a new sign-in works.
      expect((await dave.request('/api/user')).status).toBe(401);
      const back = await signInBrowser(running.baseUrl, 'dave.percent@example.com');
      expect((await readJson<{ id: string }>(await back.request('/api/user'))).id).toBe(daveId);
    });
  });
}

describe('organisations named by the sign-in service', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startTestApp(hostedEnv(provider.issuer));
  });

  afterAll(async () => {
    await running.stop();
  });

  it('are listed as the claim made them, and membership is left to the claim', async () => {
    const admin = await signInBrowser(running.baseUrl, 'alice');
    // Bob's sign-in brings his organisation from the claim.
    await signInBrowser(running.baseUrl, 'bob');

    const listed = await readJson<Organizations>(await admin.request('/api/organizations'));
    expect(listed.managed_by).toBe('sign-in');
    expect(listed.organizations).toMatchObject([{ name: 'Wonderland', from_sign_in: true, member_count: 2 }]);
    const created = await readError(
      await admin.request('/api/organizations', { method: 'POST', body: { name: 'Elsewhere' } }),
    );
    expect(created).toMatchObject({ status: 409, code: 'CONFLICT' });
    const people = await readJson<ManagedUsers>(await admin.request('/api/users?q=bob'));
    const bobId = people.users[0]?.id ?? '';
    const moved = await readError(
      await admin.request(`/api/users/${bobId}`, { method: 'PUT', body: { organization_id: null } }),
    );
    expect(moved).toMatchObject({ status: 409, field: 'organization_id' });

    // A rename is only a label: the claim still finds the organisation at the next sign-in.
    const wonderland = listed.organizations[0]?.id ?? '';
    await readJson(
      await admin.request(`/api/organizations/${wonderland}`, { method: 'PUT', body: { name: 'WL' } }),
    );
    const again = await signInBrowser(running.baseUrl, 'bob');
    const me = await readJson<{ organization_id: string; organization_name: string }>(
      await again.request('/api/user'),
    );
    expect(me).toMatchObject({ organization_id: wonderland, organization_name: 'WL' });
  });
});

describe('managing people in local mode', () => {
  it('lists the local administrator, who cannot step down', async () => {
    const running = await startTestApp();
    try {
      const local = createAppBrowser(running.baseUrl, { publicUrl: running.baseUrl });
      const listed = await readJson<ManagedUsers>(await local.request('/api/users'));
      expect(listed.users).toMatchObject([{ id: 'local-admin', role: 'admin', active: true }]);
      const refused = await readError(
        await local.request('/api/users/local-admin', { method: 'PUT', body: { active: false } }),
      );
      expect(refused).toMatchObject({ status: 409, code: 'CONFLICT' });
      const organizations = await readJson<Organizations>(await local.request('/api/organizations'));
      expect(organizations).toEqual({ managed_by: 'admins', organizations: [] });
    } finally {
      await running.stop();
    }
  });
});
