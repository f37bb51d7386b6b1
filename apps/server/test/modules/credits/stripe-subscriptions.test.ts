import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditPlan } from '../../../src/config/settings/credits.ts';
import type { StripeConfig } from '../../../src/config/settings/payments.ts';
import type { CreditAccount } from '../../../src/modules/credits/credit-account.ts';
import { listEntries, sumBalance } from '../../../src/modules/credits/credit-ledger.repo.ts';
import { listCreditPlans } from '../../../src/modules/credits/list-credit-plans.ts';
import { receiveStripeEvent } from '../../../src/modules/credits/receive-stripe-event.ts';
import { renewAllowances } from '../../../src/modules/credits/renew-allowances.ts';
import { stripeClient } from '../../../src/modules/credits/stripe-client.ts';
import { subscribeToPlan } from '../../../src/modules/credits/subscribe-to-plan.ts';
import { findSubscription } from '../../../src/modules/credits/subscriptions.repo.ts';
import { insertUser } from '../../../src/modules/users/users.repo.ts';
import type { StoreDb } from '../../../src/store/connect.ts';
import { migratedStores } from '../../helpers/migrated-stores.ts';
import type { TestStore } from '../../helpers/test-stores.ts';

/*
 * A plan bought through Stripe follows Stripe's events, signed as Stripe signs them: each paid
 * invoice grants its period's allowance once (the schedule never does), subscription events keep
 * its status and plan with the newest event winning, and a deleted subscription grants nothing
 * more and lets its last allowance expire when the period paid for ends.
 */

const webhookSecret = 'whsec_test_lifecycle';
const config: StripeConfig = {
  secretKey: 'sk_test_lifecycle',
  webhookSecret,
  apiUrl: null,
  centsPerCredit: 1,
  currency: 'usd',
};
const plans: CreditPlan[] = [
  {
    id: 'team',
    name: 'Team',
    monthlyCredits: 500,
    price: '$49',
    paymentLink: null,
    stripePrice: 'price_team',
  },
  { id: 'pro', name: 'Pro', monthlyCredits: 2000, price: '$99', paymentLink: null, stripePrice: 'price_pro' },
];
const signer = new Stripe('sk_test_signer');
const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

for (const dialect of await migratedStores('Stripe subscriptions suite')) {
  describe.skipIf(!dialect.run)(`Stripe subscriptions on a ${dialect.name}`, () => {
    let testStore: TestStore;
    let db: StoreDb;
    let clock = new Date('2026-05-01T10:00:00.000Z');
    let serial = 0;
    const deps = () => ({
      db,
      signupCredits: 0,
      plans,
      now: () => clock,
      stripe: { config, client: stripeClient(config) },
    });

    beforeAll(async () => {
      testStore = await dialect.open();
      db = testStore.store.db;
    });

    afterAll(async () => {
      await testStore.dispose();
    });

    async function deliver(type: string, object: object, created = clock.toISOString()) {
      const payload = JSON.stringify({
        id: `evt_${(serial += 1)}`,
        object: 'event',
        type,
        created: seconds(created),
        data: { object },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      return (await receiveStripeEvent(deps(), { payload: Buffer.from(payload), signature })).credited;
    }

    async function customer(): Promise<{
      account: CreditAccount;
      metadata: Record<string, string>;
      id: string;
    }> {
      const user = await insertUser(db, { role: 'member' });
      const metadata = {
        querent_user_id: user.id,
        querent_organization_id: '',
        querent_kind: 'plan',
        querent_plan_id: 'team',
      };
      return { account: { userId: user.id, organizationId: null }, metadata, id: user.id.slice(0, 8) };
    }

    /** An invoice as current API versions send it: the subscription under `parent`. */
    function invoice(
      id: string,
      input: { subscription: string; metadata: object; price?: string; end: string; reason?: string },
    ) {
      return {
        id,
        object: 'invoice',
        customer: `cus_${input.subscription}`,
        billing_reason: input.reason ?? 'subscription_cycle',
        status: 'paid',
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: input.subscription, metadata: input.metadata },
        },
        lines: {
          object: 'list',
          data: [
            {
              id: `il_${id}`,
              period: { start: seconds(clock.toISOString()), end: seconds(input.end) },
              pricing: { price_details: { price: input.price ?? 'price_team' } },
            },
          ],
        },
      };
    }

    function subscription(
      id: string,
      input: { metadata: object; status: string; cancelAtPeriodEnd?: boolean; price?: string; end: string },
    ) {
      return {
        id,
        object: 'subscription',
        customer: `cus_${id}`,
        status: input.status,
        cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
        metadata: input.metadata,
        items: {
          object: 'list',
          data: [
            {
              id: `si_${id}`,
              price: { id: input.price ?? 'price_team' },
              current_period_end: seconds(input.end),
            },
          ],
        },
      };
    }

    it('grants each paid invoice once, whichever event says so first, and never by the schedule', async () => {
      clock = new Date('2026-05-01T10:00:00.000Z');
      const { account, metadata, id } = await customer();
      const sub = `sub_a_${id}`;
      const checkout = {
        id: `cs_${id}`,
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        subscription: sub,
        customer: `cus_${sub}`,
        invoice: `in_1_${id}`,
        metadata,
      };
      const first = invoice(`in_1_${id}`, {
        subscription: sub,
        metadata,
        end: '2026-06-01T10:00:00.000Z',
        reason: 'subscription_create',
      });
      // Stripe sends the checkout and the first invoice in no set order, each maybe twice.
      expect(await deliver('invoice.paid', first)).toBe(true);
      expect(await deliver('checkout.session.completed', checkout)).toBe(false);
      expect(await deliver('invoice.payment_succeeded', first)).toBe(false);
      expect(await deliver('invoice.paid', first)).toBe(false);
      expect(await sumBalance(db, account)).toBe(500);
      expect(await findSubscription(db, account)).toMatchObject({
        planId: 'team',
        status: 'active',
        stripeSubscriptionId: sub,
        stripeCustomerId: `cus_${sub}`,
        renewsAt: '2026-06-01T10:00:00.000Z',
      });

      // The period ends: Querent's schedule leaves a Stripe plan alone, the next invoice grants.
      clock = new Date('2026-06-01T10:00:05.000Z');
      await renewAllowances(deps());
      expect(await sumBalance(db, account)).toBe(500);
      const second = invoice(`in_2_${id}`, { subscription: sub, metadata, end: '2026-07-01T10:00:00.000Z' });
      expect(await deliver('invoice.paid', second)).toBe(true);
      expect(await deliver('invoice.paid', second)).toBe(false);
      // The first month's unspent 500 expired as the second began.
      expect(await sumBalance(db, account)).toBe(500);
      const kinds = (await listEntries(db, account, 10)).map((entry) => `${entry.kind} ${entry.amount}`);
      expect(kinds).toEqual(['allowance 500', 'expiry -500', 'allowance 500']);
      expect((await findSubscription(db, account))?.renewsAt).toBe('2026-07-01T10:00:00.000Z');

      // An administrator cannot move a plan Stripe bills for: Stripe would go on billing it.
      await expect(subscribeToPlan(deps(), { account, planId: 'pro' })).rejects.toMatchObject({
        code: 'CONFLICT',
        field: 'plan_id',
      });

      // A proration invoice (a plan changed mid-period) pays for no new period: nothing granted.
      const proration = invoice(`in_3_${id}`, {
        subscription: sub,
        metadata,
        price: 'price_pro',
        end: '2026-07-01T10:00:00.000Z',
        reason: 'subscription_update',
      });
      expect(await deliver('invoice.paid', proration)).toBe(false);
      expect(await sumBalance(db, account)).toBe(500);
    });

    it('records status, cancellation at period end and plan changes; older events change nothing', async () => {
      clock = new Date('2026-05-02T10:00:00.000Z');
      const { account, metadata, id } = await customer();
      const sub = `sub_b_${id}`;
      const end = '2026-06-02T10:00:00.000Z';
      await deliver('customer.subscription.created', subscription(sub, { metadata, status: 'active', end }));
      const canceling = subscription(sub, { metadata, status: 'active', cancelAtPeriodEnd: true, end });
      await deliver('customer.subscription.updated', canceling, '2026-05-03T10:00:00.000Z');
      // Changed their mind, and moved to Pro: the newest event.
      const upgraded = subscription(sub, { metadata, status: 'active', price: 'price_pro', end });
      await deliver('customer.subscription.updated', upgraded, '2026-05-04T10:00:00.000Z');
      // Stripe retries the older "cancel at period end" late: it must not undo the newer state.
      await deliver('customer.subscription.updated', canceling, '2026-05-03T10:00:00.000Z');
      expect(await findSubscription(db, account)).toMatchObject({
        planId: 'pro',
        status: 'active',
        cancelAtPeriodEnd: false,
        renewsAt: end,
      });
      const pastDue = subscription(sub, { metadata, status: 'past_due', price: 'price_pro', end });
      await deliver('customer.subscription.updated', pastDue, '2026-05-05T10:00:00.000Z');
      const user = { id: account.userId, organizationId: null, role: 'member' as const };
      const shown = await listCreditPlans(
        { ...deps(), creditsEnforced: true, checkout: true, pricePerQuery: 0 },
        { user: user as Parameters<typeof listCreditPlans>[1]['user'] },
      );
      expect(shown.subscription).toEqual({
        plan_id: 'pro',
        renews_at: end,
        status: 'past_due',
        cancel_at_period_end: false,
        manage_online: true,
      });
    });

    it('ends a subscription deleted before a late update; its allowance lasts until the period ends', async () => {
      clock = new Date('2026-05-03T10:00:00.000Z');
      const { account, metadata, id } = await customer();
      const sub = `sub_c_${id}`;
      const end = '2026-06-03T10:00:00.000Z';
      const first = invoice(`in_c_${id}`, {
        subscription: sub,
        metadata,
        end,
        reason: 'subscription_create',
      });
      expect(await deliver('invoice.paid', first)).toBe(true);
      clock = new Date('2026-05-20T10:00:00.000Z');
      await deliver(
        'customer.subscription.deleted',
        subscription(sub, { metadata, status: 'canceled', end }),
        '2026-05-20T10:00:00.000Z',
      );
      // The update that came before the deletion arrives after it, then the deletion again.
      await deliver(
        'customer.subscription.updated',
        subscription(sub, { metadata, status: 'active', cancelAtPeriodEnd: true, end }),
        '2026-05-10T10:00:00.000Z',
      );
      await deliver(
        'customer.subscription.deleted',
        subscription(sub, { metadata, status: 'canceled', end }),
        '2026-05-20T10:00:00.000Z',
      );
      expect((await findSubscription(db, account))?.status).toBe('canceled');
      // No further allowances, even for a paid invoice arriving now.
      const late = invoice(`in_late_${id}`, { subscription: sub, metadata, end: '2026-07-03T10:00:00.000Z' });
      expect(await deliver('invoice.paid', late)).toBe(false);
      expect(await sumBalance(db, account)).toBe(500);

      // Until the paid period ends the allowance stays; then its unspent part expires, once.
      await renewAllowances(deps());
      expect(await sumBalance(db, account)).toBe(500);
      clock = new Date('2026-06-03T10:01:00.000Z');
      await Promise.all([renewAllowances(deps()), renewAllowances(deps())]);
      await renewAllowances(deps());
      expect(await sumBalance(db, account)).toBe(0);
      const expiries = (await listEntries(db, account, 10)).filter((entry) => entry.kind === 'expiry');
      expect(expiries.map((entry) => [entry.amount, entry.createdAt])).toEqual([
        // The period paid for ended at `end`: the expiry is its last instant.
        [-500, '2026-06-03T09:59:59.999Z'],
      ]);
      expect((await findSubscription(db, account))?.status).toBe('ended');
    });
  });
}
