import { describe, expect, it } from 'vitest';
import type { StripeSubscriptionFacts } from '../../../src/modules/credits/merge-stripe-subscription.ts';
import { mergeStripeSubscription } from '../../../src/modules/credits/merge-stripe-subscription.ts';
import type { SubscriptionRecord } from '../../../src/modules/credits/subscriptions.repo.ts';

/*
 * The rule that keeps a balance's subscription right whatever order Stripe's events come in: pure,
 * so each ordering is checked on its own (the stores' suite checks it applied under a lock).
 */

const account = { userId: 'u1', organizationId: null };
const fallback = '2026-02-01T00:00:00.000Z';

function facts(overrides: Partial<StripeSubscriptionFacts>): StripeSubscriptionFacts {
  return {
    account,
    subscriptionId: 'sub_1',
    customerId: 'cus_1',
    planId: 'team',
    status: 'active',
    cancelAtPeriodEnd: false,
    periodEnd: '2026-02-10T00:00:00.000Z',
    eventAt: '2026-01-10T00:00:00.000Z',
    ...overrides,
  };
}

function record(overrides: Partial<SubscriptionRecord>): SubscriptionRecord {
  return {
    account,
    planId: 'team',
    renewsAt: '2026-02-10T00:00:00.000Z',
    status: 'active',
    stripeSubscriptionId: 'sub_1',
    stripeCustomerId: 'cus_1',
    cancelAtPeriodEnd: false,
    stripeEventAt: '2026-01-10T00:00:00.000Z',
    ...overrides,
  };
}

describe('merging a Stripe event into the balance subscription', () => {
  it('records a subscription first heard of as deleted, so a late update cannot revive it', () => {
    const deleted = mergeStripeSubscription(
      null,
      facts({ status: 'canceled', eventAt: '2026-01-20T00:00:00.000Z' }),
      fallback,
    );
    expect(deleted?.status).toBe('canceled');
    const late = mergeStripeSubscription(
      deleted,
      facts({ status: 'active', cancelAtPeriodEnd: true }),
      fallback,
    );
    expect(late).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
  });

  it('applies a newer event, ignores an older one, and lets an invoice only extend the paid period', () => {
    const current = record({});
    expect(
      mergeStripeSubscription(
        current,
        facts({ cancelAtPeriodEnd: true, eventAt: '2026-01-11T00:00:00.000Z' }),
        fallback,
      )?.cancelAtPeriodEnd,
    ).toBe(true);
    expect(
      mergeStripeSubscription(
        current,
        facts({ status: 'past_due', eventAt: '2026-01-09T00:00:00.000Z' }),
        fallback,
      )?.status,
    ).toBe('active');
    const invoice = facts({
      status: null,
      planId: 'pro',
      periodEnd: '2026-03-10T00:00:00.000Z',
      eventAt: null,
    });
    expect(mergeStripeSubscription(current, invoice, fallback)).toMatchObject({
      planId: 'team',
      status: 'active',
      renewsAt: '2026-03-10T00:00:00.000Z',
    });
  });

  it('keeps a live subscription and a plan an administrator set from being replaced wrongly', () => {
    const live = record({});
    expect(mergeStripeSubscription(live, facts({ subscriptionId: 'sub_2' }), fallback)).toBeNull();
    const adminPlan = record({ stripeSubscriptionId: null, stripeCustomerId: null, stripeEventAt: null });
    expect(mergeStripeSubscription(adminPlan, facts({ status: 'canceled' }), fallback)).toBeNull();
    expect(mergeStripeSubscription(adminPlan, facts({}), fallback)?.stripeSubscriptionId).toBe('sub_1');
    // A canceled subscription gives way to a new one, but not to a late event of an older one.
    const canceled = record({ status: 'canceled', stripeEventAt: '2026-01-15T00:00:00.000Z' });
    const newer = facts({ subscriptionId: 'sub_3', eventAt: '2026-01-16T00:00:00.000Z' });
    expect(mergeStripeSubscription(canceled, newer, fallback)?.stripeSubscriptionId).toBe('sub_3');
    const stale = facts({ subscriptionId: 'sub_0', eventAt: '2026-01-05T00:00:00.000Z' });
    expect(mergeStripeSubscription(canceled, stale, fallback)).toBeNull();
  });
});
