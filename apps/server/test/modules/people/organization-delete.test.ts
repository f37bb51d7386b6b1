import type { ManagedUsers, Organization, Organizations } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEntry } from '../../../src/modules/credits/credit-ledger.repo.ts';
import { readBool } from '../../../src/store/values.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import { seedDatabase, seedObjects } from '../../matrix/matrix-world.ts';
import { readError, readJson } from '../../helpers/responses.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';
import type { AppBrowser } from '../../oidc/app-browser.ts';
import { hostedEnv, signInBrowser } from '../../oidc/app-browser.ts';
import { testClient } from '../../oidc/hosted-deps.ts';
import type { TestProvider } from '../../oidc/test-provider.ts';
import { startTestProvider } from '../../oidc/test-provider.ts';

/*
 * An administrator deletes an organisation (DELETE /api/organizations/:id) through the real
 * sign-in, on both stores: its people stay without an organisation, what they shared with it is
 * theirs alone again, nothing they own is deleted, its credit ledger is kept and credits left in it
 * need `force=true`. One the sign-in service names comes back at its next member's sign-in.
 */

let provider: TestProvider;
let sqlite: { filename: string; remove: () => Promise<void> };

beforeAll(async () => {
  provider = await startTestProvider({ clients: [testClient] });
  sqlite = await chinookSqliteCopy();
});

afterAll(async () => {
  await provider.stop();
  await sqlite.remove();
});

const del = (browser: AppBrowser, path: string) => browser.request(path, { method: 'DELETE' });

for (const dialect of await storeDialects('Deleting organisations')) {
  describe.skipIf(!dialect.run)(`deleting an organisation (${dialect.name})`, () => {
    let appStore: AppStore;
    let running: RunningApp;
    let admin: AppBrowser;
    let bob: AppBrowser;
    let dave: AppBrowser;

    async function idOf(browser: AppBrowser): Promise<string> {
      return (await readJson<{ id: string }>(await browser.request('/api/user'))).id;
    }

    beforeAll(async () => {
      appStore = await dialect.open();
      running = await startTestApp(
        hostedEnv(provider.issuer, { ...appStore.env, OIDC_ORGANIZATION_CLAIM: '' }),
        appStore.store ? { store: appStore.store } : {},
      );
      admin = await signInBrowser(running.baseUrl, 'alice');
      bob = await signInBrowser(running.baseUrl, 'bob');
      dave = await signInBrowser(running.baseUrl, 'dave@example.com');
    });

    afterAll(async () => {
      await running.stop();
      await appStore.dispose();
    });

    it('leaves its people without it, makes what they shared private, keeps what they own and its ledger', async () => {
      const { db } = running.built.store;
      const doomed = await readJson<Organization>(
        await admin.request('/api/organizations', { method: 'POST', body: { name: 'Doomed' } }),
        201,
      );
      expect(doomed.abilities).toEqual({
        run: false,
        write_data: false,
        edit: true,
        delete: true,
        share: false,
        publish: false,
        confirm_credentials: false,
      });
      const [bobId, daveId] = [await idOf(bob), await idOf(dave)];
      for (const id of [bobId, daveId]) {
        await readJson(
          await admin.request(`/api/users/${id}`, { method: 'PUT', body: { organization_id: doomed.id } }),
        );
      }
      // Bob's database with a project, a conversation, a saved query and a chart, all shared.
      const database = await seedDatabase(
        db,
        { id: bobId, organizationId: doomed.id },
        sqlite.filename,
        'shared',
      );
      const objects = await seedObjects(db, bob, database, 'shared', sqlite.filename);
      expect((await dave.request(`/api/query/${objects.query}`)).status).toBe(200);
      await insertEntry(db, {
        account: { userId: bobId, organizationId: doomed.id },
        kind: 'grant',
        amount: 50,
        reason: 'Team pool',
        actorId: null,
        subject: null,
        idempotencyKey: `doomed-grant-${dialect.name}`,
      });

      // Members may not; credits left need force; nothing changed meanwhile.
      expect(await readError(await del(bob, `/api/organizations/${doomed.id}`))).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
      });
      expect(await readError(await del(admin, `/api/organizations/${doomed.id}`))).toEqual({
        status: 409,
        code: 'CONFLICT',
        field: 'force',
        message:
          '"Doomed" still has 50 credits, which nobody could spend once it is deleted. Delete it anyway with force=true (its credit history is kept).',
        requestId: expect.any(String) as string,
      });
      expect((await dave.request(`/api/query/${objects.query}`)).status).toBe(200);

      await readJson(await del(admin, `/api/organizations/${doomed.id}?force=true`), 204);

      const listed = await readJson<Organizations>(await admin.request('/api/organizations'));
      expect(listed.organizations.map((organization) => organization.id)).not.toContain(doomed.id);
      const people = await readJson<ManagedUsers>(await admin.request('/api/users'));
      for (const id of [bobId, daveId]) {
        expect(people.users.find((person) => person.id === id)?.organization_id).toBeNull();
      }
      // Dave no longer sees Bob's things; Bob still has every one of them.
      for (const path of [`/api/query/${objects.query}`, `/api/databases/${database}`]) {
        expect((await dave.request(path)).status).toBe(404);
        expect((await bob.request(path)).status).toBe(200);
      }
      for (const path of [
        `/api/conversations/${objects.conversation}`,
        `/api/charts/${objects.chart}`,
        `/api/projects/${objects.project}`,
      ]) {
        expect((await bob.request(path)).status, path).toBe(200);
      }
      // What he shared is private again, so a next organisation of his does not inherit it.
      for (const table of ['queries', 'charts', 'conversations'] as const) {
        const rows = await db.selectFrom(table).select('shared').where('owner_id', '=', bobId).execute();
        expect(rows.length, table).toBeGreaterThan(0);
        expect(
          rows.map((row) => readBool(row.shared)),
          table,
        ).not.toContain(true);
      }
      const ledger = await db
        .selectFrom('credit_ledger')
        .select('amount')
        .where('organization_id', '=', doomed.id)
        .execute();
      expect(ledger.map((entry) => entry.amount)).toEqual([50]);

      // It is gone for every purpose: a second delete, a move into it, a rename; its name is free.
      expect((await del(admin, `/api/organizations/${doomed.id}`)).status).toBe(404);
      expect(
        await readError(
          await admin.request(`/api/users/${bobId}`, { method: 'PUT', body: { organization_id: doomed.id } }),
        ),
      ).toMatchObject({ status: 400, field: 'organization_id' });
      expect(
        (await admin.request(`/api/organizations/${doomed.id}`, { method: 'PUT', body: { name: 'Back' } }))
          .status,
      ).toBe(404);
      await readJson(
        await admin.request('/api/organizations', { method: 'POST', body: { name: 'Doomed' } }),
        201,
      );
    });

    it('deletes an organisation without credits at once, and answers 404 for one that never was', async () => {
      const empty = await readJson<Organization>(
        await admin.request('/api/organizations', { method: 'POST', body: { name: 'Empty' } }),
        201,
      );
      await readJson(await del(admin, `/api/organizations/${empty.id}`), 204);
      expect(await readError(await del(admin, '/api/organizations/nowhere'))).toMatchObject({
        status: 404,
        message: 'Organisation not found',
      });
    });
  });
}

for (const dialect of await storeDialects('Deleting organisations the sign-in service names')) {
  describe.skipIf(!dialect.run)(
    `deleting an organisation the sign-in service names (${dialect.name})`,
    () => {
      let appStore: AppStore;
      let running: RunningApp;

      beforeAll(async () => {
        appStore = await dialect.open();
        running = await startTestApp(
          hostedEnv(provider.issuer, appStore.env),
          appStore.store ? { store: appStore.store } : {},
        );
      });

      afterAll(async () => {
        await running.stop();
        await appStore.dispose();
      });

      it('takes its people out, and it comes back, the same one, at a member’s next sign-in', async () => {
        const admin = await signInBrowser(running.baseUrl, 'alice');
        const [wonderland] = (await readJson<Organizations>(await admin.request('/api/organizations')))
          .organizations;
        if (!wonderland) throw new Error('Signing in made no organisation');

        await readJson(await del(admin, `/api/organizations/${wonderland.id}`), 204);
        expect(
          (await readJson<Organizations>(await admin.request('/api/organizations'))).organizations,
        ).toEqual([]);
        expect(
          await readJson<{ organization_id: string | null }>(await admin.request('/api/user')),
        ).toMatchObject({
          organization_id: null,
        });

        const bob = await signInBrowser(running.baseUrl, 'bob');
        expect(
          await readJson<{ organization_id: string | null }>(await bob.request('/api/user')),
        ).toMatchObject({
          organization_id: wonderland.id,
        });
        const back = await readJson<Organizations>(await admin.request('/api/organizations'));
        expect(back.organizations).toMatchObject([
          { id: wonderland.id, name: 'Wonderland', member_count: 1 },
        ]);
      });
    },
  );
}
