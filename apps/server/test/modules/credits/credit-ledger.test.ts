import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditAccount } from '../../../src/modules/credits/credit-account.ts';
import { listEntries, saveMemberCap, sumBalance } from '../../../src/modules/credits/credit-ledger.repo.ts';
import type { CreditsDeps } from '../../../src/modules/credits/credits-deps.ts';
import { getCreditBalance } from '../../../src/modules/credits/get-credit-balance.ts';
import { changeCredits } from '../../../src/modules/credits/grant-credits.ts';
import type { CreditHold } from '../../../src/modules/credits/hold-credits.ts';
import {
  HOLD_TTL_MS,
  releaseCredits,
  reserveCredits,
  settleCredits,
} from '../../../src/modules/credits/hold-credits.ts';
import { reportCreditUsage } from '../../../src/modules/credits/report-credit-usage.ts';
import { ensureOrganizationByExternalKey } from '../../../src/modules/organizations/organizations.repo.ts';
import { insertUser } from '../../../src/modules/users/users.repo.ts';
import type { Store } from '../../../src/store/connect.ts';
import { migratedStores } from '../../helpers/migrated-stores.ts';
import type { TestStore } from '../../helpers/test-stores.ts';

/*
 * The credit ledger on both stores: balances are sums of entries, holds stop concurrent turns from
 * spending past a balance, idempotency keys make retries and replays count once, and members of an
 * organisation draw from its pool within their monthly cap.
 */

for (const dialect of await migratedStores('Credit ledger suite')) {
  describe.skipIf(!dialect.run)(`credit ledger on a ${dialect.name}`, () => {
    let testStore: TestStore;
    let store: Store;
    let deps: CreditsDeps;
    let clock = new Date('2026-03-10T12:00:00.000Z');

    beforeAll(async () => {
      testStore = await dialect.open();
      store = testStore.store;
      deps = { db: store.db, signupCredits: 0, now: () => clock };
    });

    afterAll(async () => {
      await testStore.dispose();
    });

    async function userWith(credits: number, organizationId: string | null = null): Promise<CreditAccount> {
      const user = await insertUser(store.db, { role: 'member', organizationId });
      const account = { userId: user.id, organizationId: null };
      if (credits > 0) {
        await changeCredits(deps, {
          account,
          amount: credits,
          kind: 'grant',
          reason: 'test grant',
          actorId: null,
          subject: null,
          idempotencyKey: null,
        });
      }
      return account;
    }

    async function turn(account: CreditAccount, index: number, cost: number): Promise<number> {
      const hold = await reserveCredits(deps, { account, wanted: 10, minimum: 1, subject: `turn-${index}` });
      if (hold === null) return 0;
      // The model call happens between the hold and the settlement; give others the chance to run.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      const { charged } = await settleCredits(deps, {
        hold,
        cost,
        reason: 'analyst turn',
        subject: `turn-${index}`,
        idempotencyKey: `turn:${account.userId}:${index}`,
      });
      return charged;
    }

    it('never lets many turns at once spend past the balance', async () => {
      const account = await userWith(95);
      const charges = await Promise.all(Array.from({ length: 40 }, (_, index) => turn(account, index, 10)));
      const charged = charges.reduce((sum, value) => sum + value, 0);
      const balance = await sumBalance(store.db, account);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(charged).toBe(95 - balance);
      // 9 full turns fit, and the tenth takes the last 5: every credit is spent, none twice.
      expect(balance).toBe(0);
      expect(charges.filter((value) => value > 0)).toHaveLength(10);
    });

    it('charges a settled turn once however often it is settled', async () => {
      const account = await userWith(50);
      const hold = await reserveCredits(deps, { account, wanted: 20, minimum: 1, subject: 'turn' });
      expect(hold).not.toBeNull();
      const settle = () =>
        settleCredits(deps, {
          hold: hold as CreditHold,
          cost: 7,
          reason: 'analyst turn',
          subject: 'turn',
          idempotencyKey: `turn:${account.userId}:retried`,
        });
      const results = await Promise.all([settle(), settle(), settle()]);
      expect(results.map((result) => result.charged).sort()).toEqual([0, 0, 7]);
      expect(await sumBalance(store.db, account)).toBe(43);
      const entries = await listEntries(store.db, account, 10);
      expect(entries.map((entry) => `${entry.kind} ${entry.amount}`).sort()).toEqual([
        'grant 50',
        'spend -7',
      ]);
    });

    it('gives a released hold back whole and lets an expired one lapse', async () => {
      const account = await userWith(10);
      const first = await reserveCredits(deps, { account, wanted: 10, minimum: 1, subject: 'a' });
      expect(first?.amount).toBe(10);
      expect(await reserveCredits(deps, { account, wanted: 10, minimum: 1, subject: 'b' })).toBeNull();
      await releaseCredits(deps, first as CreditHold);
      const second = await reserveCredits(deps, { account, wanted: 10, minimum: 1, subject: 'c' });
      expect(second?.amount).toBe(10);
      // Its instance died: after the hold's time the credits are free again.
      clock = new Date(clock.getTime() + HOLD_TTL_MS + 1000);
      expect((await reserveCredits(deps, { account, wanted: 4, minimum: 1, subject: 'd' }))?.amount).toBe(4);
      expect(await sumBalance(store.db, account)).toBe(10);
    });

    it('counts a payment or grant with the same key once, even sent at once', async () => {
      const account = await userWith(0);
      const pay = () =>
        changeCredits(deps, {
          account,
          amount: 500,
          kind: 'purchase',
          reason: 'Credit pack',
          actorId: null,
          subject: 'stripe:evt_1',
          idempotencyKey: 'stripe:evt_1',
        });
      const results = await Promise.all([pay(), pay(), pay(), pay()]);
      expect(results.filter((result) => result.applied)).toHaveLength(1);
      expect(await sumBalance(store.db, account)).toBe(500);
    });

    it('refuses to remove more credits than are free, naming the amount', async () => {
      const account = await userWith(5);
      await expect(
        changeCredits(deps, {
          account,
          amount: -6,
          kind: 'grant',
          reason: 'correction',
          actorId: null,
          subject: null,
          idempotencyKey: null,
        }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', field: 'amount' });
      await expect(
        changeCredits(deps, {
          account,
          amount: 0,
          kind: 'grant',
          reason: 'x',
          actorId: null,
          subject: null,
          idempotencyKey: null,
        }),
      ).rejects.toMatchObject({ field: 'amount' });
      expect(await sumBalance(store.db, account)).toBe(5);
    });

    it('lets members share an organisation pool within their monthly cap', async () => {
      const organizationId = await ensureOrganizationByExternalKey(store.db, `org-${dialect.name}`);
      const ann = await userWith(0, organizationId);
      const ben = await userWith(0, organizationId);
      const pool = { userId: ann.userId, organizationId };
      await changeCredits(deps, {
        account: pool,
        amount: 100,
        kind: 'grant',
        reason: 'team credits',
        actorId: null,
        subject: null,
        idempotencyKey: null,
      });
      await saveMemberCap(store.db, { organizationId, userId: ben.userId, monthlyCap: 25 });
      const balanceOf = (userId: string) =>
        getCreditBalance(
          { ...deps, creditsEnforced: true },
          { user: { id: userId, role: 'member', organizationId } },
        );
      expect((await balanceOf(ann.userId)).creditsRemaining).toBe(100);
      expect((await balanceOf(ben.userId)).creditsRemaining).toBe(25);

      const benInPool = { userId: ben.userId, organizationId };
      const charges = await Promise.all(
        Array.from({ length: 10 }, (_, index) => turn(benInPool, 100 + index, 10)),
      );
      expect(charges.reduce((sum, value) => sum + value, 0)).toBe(25);
      expect((await balanceOf(ben.userId)).creditsRemaining).toBe(0);
      expect((await balanceOf(ann.userId)).creditsRemaining).toBe(75);

      // A new month gives the member their share again, from what the pool has left.
      clock = new Date('2026-04-02T00:00:00.000Z');
      expect((await balanceOf(ben.userId)).creditsRemaining).toBe(25);

      // The administrators' report: the member's use, and the pool's.
      const admin = await insertUser(store.db, { role: 'admin', email: `admin-${dialect.name}@example.com` });
      const usage = await reportCreditUsage(deps, { user: admin, days: 60 });
      expect(usage.users.find((row) => row.id === ben.userId)).toMatchObject({ credits_spent: 25 });
      const visitor = await insertUser(store.db, { role: 'anonymous' });
      await changeCredits(deps, {
        account: { userId: visitor.id, organizationId: null },
        amount: 5,
        kind: 'grant',
        reason: 'signup',
        actorId: null,
        subject: null,
        idempotencyKey: null,
      });
      const named = await reportCreditUsage(deps, { user: admin, days: 60 });
      expect(named.users.find((row) => row.id === visitor.id)?.name).toBe(
        `Anonymous visitor ${visitor.id.slice(0, 8)}`,
      );
      expect(usage.organizations.find((row) => row.id === organizationId)).toMatchObject({
        credits_spent: 25,
        credits_added: 100,
      });
      await expect(
        reportCreditUsage(deps, { user: await insertUser(store.db, { role: 'member' }), days: 1 }),
      ).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    });

    it('starts a new user with the signup credits once', async () => {
      const user = await insertUser(store.db, { role: 'member' });
      const withSignup = { ...deps, signupCredits: 30, creditsEnforced: true };
      const reads = await Promise.all(
        Array.from({ length: 5 }, () => getCreditBalance(withSignup, { user })),
      );
      expect(reads.every((read) => read.creditsRemaining === 30)).toBe(true);
      expect(await sumBalance(store.db, { userId: user.id, organizationId: null })).toBe(30);
    });
  });
}
