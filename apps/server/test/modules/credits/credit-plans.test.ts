import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditPlan } from '../../../src/config/settings/credits.ts';
import { listEntries, sumBalance } from '../../../src/modules/credits/credit-ledger.repo.ts';
import { nextMonth, renewAllowances } from '../../../src/modules/credits/renew-allowances.ts';
import { subscribeToPlan } from '../../../src/modules/credits/subscribe-to-plan.ts';
import { findSubscription } from '../../../src/modules/credits/subscriptions.repo.ts';
import { insertUser } from '../../../src/modules/users/users.repo.ts';
import { migratedStores } from '../../helpers/migrated-stores.ts';
import type { TestStore } from '../../helpers/test-stores.ts';

/*
 * Plans: a balance put on a plan gets its allowance at once and every month after, exactly once
 * per month however many instances tick at the same moment.
 */

const plans: CreditPlan[] = [
  {
    id: 'team',
    name: 'Team',
    monthlyCredits: 500,
    price: '$49 a month',
    paymentLink: null,
    stripePrice: null,
  },
];

describe('the next renewal', () => {
  it('keeps the day of the month, or the last day of a shorter month', () => {
    expect(nextMonth('2026-01-15T10:00:00.000Z')).toBe('2026-02-15T10:00:00.000Z');
    expect(nextMonth('2026-01-31T10:00:00.000Z')).toBe('2026-02-28T10:00:00.000Z');
    expect(nextMonth('2026-12-31T00:00:00.000Z')).toBe('2027-01-31T00:00:00.000Z');
  });
});

for (const dialect of await migratedStores('Credit plans suite')) {
  describe.skipIf(!dialect.run)(`plans on a ${dialect.name}`, () => {
    let testStore: TestStore;
    let clock = new Date('2026-01-31T09:00:00.000Z');

    beforeAll(async () => {
      testStore = await dialect.open();
    });

    afterAll(async () => {
      await testStore.dispose();
    });

    it('grants the allowance at once, then once a month with several instances ticking', async () => {
      const db = testStore.store.db;
      const deps = { db, signupCredits: 0, plans, now: () => clock };
      const user = await insertUser(db, { role: 'member' });
      const account = { userId: user.id, organizationId: null };
      await subscribeToPlan(deps, { account, planId: 'team' });
      expect(await sumBalance(db, account)).toBe(500);
      expect((await findSubscription(db, account))?.renewsAt).toBe('2026-02-28T09:00:00.000Z');

      // Nothing is due yet: ticking changes nothing.
      expect(await renewAllowances(deps)).toBe(0);

      // Two months later, four instances tick at once: each missed month is granted once, dated at
      // its period's start, and each unspent month expires when the next begins.
      clock = new Date('2026-04-01T00:00:00.000Z');
      const granted = await Promise.all([1, 2, 3, 4].map(() => renewAllowances(deps)));
      expect(granted.reduce((sum, value) => sum + value, 0)).toBe(2);
      expect(await sumBalance(db, account)).toBe(500);
      expect((await findSubscription(db, account))?.renewsAt).toBe('2026-04-28T09:00:00.000Z');
      const entries = await listEntries(db, account, 10);
      const allowances = entries.filter((entry) => entry.kind === 'allowance');
      expect(allowances).toHaveLength(3);
      expect(allowances[0]?.reason).toBe('Team plan, monthly allowance');
      expect(allowances.map((entry) => entry.createdAt)).toEqual([
        '2026-03-28T09:00:00.000Z',
        '2026-02-28T09:00:00.000Z',
        '2026-01-31T09:00:00.000Z',
      ]);
      expect(entries.filter((entry) => entry.kind === 'expiry').map((entry) => entry.amount)).toEqual([
        -500, -500,
      ]);
    });

    it('refuses a plan that is not configured, naming the field', async () => {
      const db = testStore.store.db;
      const user = await insertUser(db, { role: 'member' });
      await expect(
        subscribeToPlan(
          { db, signupCredits: 0, plans },
          { account: { userId: user.id, organizationId: null }, planId: 'gold' },
        ),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', field: 'plan_id' });
    });
  });
}
