import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditPlan } from '../../../src/config/settings/credits.ts';
import type { CreditAccount } from '../../../src/modules/credits/credit-account.ts';
import { listEntries, sumBalance } from '../../../src/modules/credits/credit-ledger.repo.ts';
import { changeCredits } from '../../../src/modules/credits/grant-credits.ts';
import { reserveCredits, settleCredits } from '../../../src/modules/credits/hold-credits.ts';
import { renewAllowances } from '../../../src/modules/credits/renew-allowances.ts';
import { reportCreditUsage } from '../../../src/modules/credits/report-credit-usage.ts';
import { subscribeToPlan } from '../../../src/modules/credits/subscribe-to-plan.ts';
import { ensureOrganizationByExternalKey } from '../../../src/modules/organizations/organizations.repo.ts';
import { insertUser } from '../../../src/modules/users/users.repo.ts';
import type { StoreDb } from '../../../src/store/connect.ts';
import { migratedStores } from '../../helpers/migrated-stores.ts';
import type { TestStore } from '../../helpers/test-stores.ts';

/*
 * Unspent plan allowance expires when the next period's allowance comes: a period's allowance is
 * spent first, so what expires is the allowance less what was spent in its period — never
 * purchased or granted credits — and a renewal run twice, or by several instances, expires once.
 */

const plans: CreditPlan[] = [
  { id: 'basic', name: 'Basic', monthlyCredits: 100, price: '$9', paymentLink: null, stripePrice: null },
];

for (const dialect of await migratedStores('Credit expiry suite')) {
  describe.skipIf(!dialect.run)(`allowance expiry on a ${dialect.name}`, () => {
    let testStore: TestStore;
    let db: StoreDb;
    let clock: Date;
    const deps = () => ({ db, signupCredits: 0, plans, now: () => clock });

    beforeAll(async () => {
      testStore = await dialect.open();
      db = testStore.store.db;
    });

    afterAll(async () => {
      await testStore.dispose();
    });

    /** A fresh balance put on the 100-credit plan on 10 March (its allowance granted at once). */
    async function onPlan(organizationId: string | null = null): Promise<CreditAccount> {
      clock = new Date('2026-03-10T08:00:00.000Z');
      const user = await insertUser(db, { role: 'member', organizationId });
      const account = { userId: user.id, organizationId };
      await subscribeToPlan(deps(), { account, planId: 'basic' });
      return account;
    }

    async function spend(account: CreditAccount, credits: number, turn: string): Promise<void> {
      const hold = await reserveCredits(deps(), {
        account,
        wanted: credits,
        minimum: credits,
        subject: turn,
      });
      if (hold === null) throw new Error(`could not hold ${credits} credits`);
      await settleCredits(deps(), {
        hold,
        cost: credits,
        reason: 'turn',
        subject: turn,
        idempotencyKey: turn,
      });
    }

    async function add(account: CreditAccount, credits: number, kind: 'purchase' | 'grant'): Promise<void> {
      await changeCredits(deps(), {
        account,
        amount: credits,
        kind,
        reason: kind,
        actorId: null,
        subject: null,
        idempotencyKey: null,
      });
    }

    const expiries = async (account: CreditAccount) =>
      (await listEntries(db, account, 50)).filter((entry) => entry.kind === 'expiry');

    it('expires the unspent allowance and keeps purchased credits', async () => {
      const account = await onPlan();
      clock = new Date('2026-03-12T10:00:00.000Z');
      await spend(account, 30, `a-${account.userId}`);
      await add(account, 50, 'purchase');
      expect(await sumBalance(db, account)).toBe(120);

      clock = new Date('2026-04-10T09:00:00.000Z');
      expect(await renewAllowances(deps())).toBeGreaterThanOrEqual(1);
      const [expiry] = await expiries(account);
      expect(expiry).toMatchObject({ amount: -70, reason: 'Unspent plan allowance expired' });
      // Written off when the period ended, just as the new allowance began.
      expect(expiry?.createdAt).toBe('2026-04-10T07:59:59.999Z');
      expect(await sumBalance(db, account)).toBe(50 + 100);
      // The use report counts what was spent and added; the expiry is neither.
      const admin = await insertUser(db, { role: 'admin' });
      const usage = await reportCreditUsage(deps(), { user: admin, days: 60 });
      expect(usage.users.find((row) => row.id === account.userId)).toMatchObject({
        credits_spent: 30,
        credits_added: 250,
      });
    });

    it('expires nothing when more than the allowance was spent, and never purchased credits', async () => {
      const account = await onPlan();
      await add(account, 50, 'purchase');
      await add(account, 20, 'grant');
      clock = new Date('2026-03-20T10:00:00.000Z');
      await spend(account, 130, `b-${account.userId}`);
      expect(await sumBalance(db, account)).toBe(40);

      clock = new Date('2026-04-11T00:00:00.000Z');
      await renewAllowances(deps());
      expect(await expiries(account)).toEqual([]);
      expect(await sumBalance(db, account)).toBe(40 + 100);
    });

    it('expires once when the renewal runs twice or on several instances at once', async () => {
      const account = await onPlan();
      clock = new Date('2026-03-15T10:00:00.000Z');
      await spend(account, 10, `c-${account.userId}`);
      clock = new Date('2026-04-12T00:00:00.000Z');
      await Promise.all([1, 2, 3].map(() => renewAllowances(deps())));
      await renewAllowances(deps());
      expect((await expiries(account)).map((entry) => entry.amount)).toEqual([-90]);
      expect(await sumBalance(db, account)).toBe(100);

      // The next period is judged on its own: 25 spent of the new 100, so 75 expire.
      clock = new Date('2026-04-20T00:00:00.000Z');
      await spend(account, 25, `d-${account.userId}`);
      clock = new Date('2026-05-10T08:00:00.000Z');
      await renewAllowances(deps());
      await renewAllowances(deps());
      expect((await expiries(account)).map((entry) => entry.amount)).toEqual([-75, -90]);
      expect(await sumBalance(db, account)).toBe(100);
    });

    it('expires the unspent allowance at once when an administrator takes the balance off its plan', async () => {
      const account = await onPlan();
      await add(account, 50, 'purchase');
      clock = new Date('2026-03-13T10:00:00.000Z');
      await spend(account, 40, `g-${account.userId}`);
      await subscribeToPlan(deps(), { account, planId: null });
      expect((await expiries(account)).map((entry) => entry.amount)).toEqual([-60]);
      expect(await sumBalance(db, account)).toBe(50);
      // Off the plan, no renewal comes and nothing more expires.
      clock = new Date('2026-06-01T00:00:00.000Z');
      await renewAllowances(deps());
      expect(await sumBalance(db, account)).toBe(50);
    });

    it("judges an organisation's pool by what all its members spent", async () => {
      const organizationId = await ensureOrganizationByExternalKey(db, `expiry-${dialect.name}`);
      const pool = await onPlan(organizationId);
      const colleague = await insertUser(db, { role: 'member', organizationId });
      clock = new Date('2026-03-11T00:00:00.000Z');
      await spend(pool, 15, `e-${pool.userId}`);
      await spend({ userId: colleague.id, organizationId }, 25, `f-${colleague.id}`);
      clock = new Date('2026-04-10T08:00:00.000Z');
      await renewAllowances(deps());
      expect((await expiries(pool)).map((entry) => entry.amount)).toEqual([-60]);
      expect(await sumBalance(db, pool)).toBe(100);
    });
  });
}
