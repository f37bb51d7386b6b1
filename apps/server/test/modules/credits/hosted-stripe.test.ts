import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeFake } from '../../fakes/stripe-fake.ts';
import { startStripeFake } from '../../fakes/stripe-fake.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';
import type { AppBrowser } from '../../oidc/app-browser.ts';
import { createAppBrowser, hostedEnv, requestJson } from '../../oidc/app-browser.ts';
import { testClient } from '../../oidc/hosted-deps.ts';
import type { TestProvider } from '../../oidc/test-provider.ts';
import { startTestProvider } from '../../oidc/test-provider.ts';

/*
 * Buying credits through Stripe: the official SDK opens checkouts against a local fake of Stripe's
 * API, and the webhook credits the ledger once per paid checkout from events signed the way Stripe
 * signs them — valid, tampered, replayed and out of order. A plan bought as a Stripe subscription
 * is managed in Stripe's billing portal, opened against the same fake.
 */

const webhookSecret = 'whsec_test_querent';
const plans = [
  {
    id: 'team',
    name: 'Team',
    monthly_credits: 500,
    price: '$49 a month',
    stripe_price: 'price_team_monthly',
  },
];
let provider: TestProvider;
let fake: StripeFake;
let running: RunningApp;
let user: AppBrowser;
let userId: string;
// Only its webhook helpers are used here: they sign as Stripe does.
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  provider = await startTestProvider({ clients: [testClient] });
  fake = await startStripeFake();
  running = await startTestApp(
    hostedEnv(provider.issuer, {
      SIGNUP_CREDITS: '0',
      STRIPE_SECRET_KEY: 'sk_test_querent',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: fake.url,
      STRIPE_CENTS_PER_CREDIT: '2',
      CREDIT_PLANS: JSON.stringify(plans),
    }),
  );
  user = createAppBrowser(running.baseUrl);
  expect((await user.signIn('carol')).status).toBe(302);
  userId = ((await (await user.request('/api/user')).json()) as { id: string }).id;
});

afterAll(async () => {
  await running.stop();
  await fake.stop();
  await provider.stop();
});

const credits = async () =>
  (await requestJson<{ credits_remaining: number }>(user, '/api/user/credits')).body.credits_remaining;

/** Posts an event to the webhook as Stripe would: the raw JSON and its Stripe-Signature header. */
async function deliver(
  event: object,
  options: { secret?: string; tamper?: (payload: string) => string } = {},
) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? webhookSecret,
  });
  const response = await fetch(`${running.baseUrl}/api/credits/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: options.tamper ? options.tamper(payload) : payload,
  });
  return {
    status: response.status,
    body: (await response.json()) as { credited?: boolean; error?: { code: string } },
  };
}

function checkoutEvent(
  id: string,
  type: string,
  session: { id: string; payment_status: string; metadata: Record<string, string>; [field: string]: unknown },
) {
  return { id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object: session } };
}

describe('Stripe payments', () => {
  it('opens a checkout for a pack through the SDK, with the balance named in its metadata', async () => {
    const checkout = await requestJson<{ url: string }>(user, '/api/credits/checkout', {
      method: 'POST',
      body: { credits: 300 },
    });
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toBe('https://checkout.stripe.test/c/pay/cs_test_1');
    const sent = fake.sessions[0];
    expect(sent?.authorization).toBe('Bearer sk_test_querent');
    expect(sent?.fields.get('mode')).toBe('payment');
    expect(sent?.fields.get('line_items[0][price_data][unit_amount]')).toBe('600');
    expect(sent?.fields.get('metadata[querent_credits]')).toBe('300');
    expect(sent?.fields.get('metadata[querent_user_id]')).toBe(userId);

    const plan = await requestJson<{ url: string }>(user, '/api/credits/checkout', {
      method: 'POST',
      body: { plan_id: 'team' },
    });
    expect(plan.status).toBe(200);
    expect(fake.sessions[1]?.fields.get('mode')).toBe('subscription');
    expect(fake.sessions[1]?.fields.get('line_items[0][price]')).toBe('price_team_monthly');
    // The subscription and its invoices carry the balance too: their events name it.
    expect(fake.sessions[1]?.fields.get('subscription_data[metadata][querent_user_id]')).toBe(userId);
    expect(fake.sessions[1]?.fields.get('subscription_data[metadata][querent_plan_id]')).toBe('team');

    const unknown = await requestJson<{ error: { field: string } }>(user, '/api/credits/checkout', {
      method: 'POST',
      body: { plan_id: 'gold' },
    });
    expect([unknown.status, unknown.body.error.field]).toEqual([400, 'plan_id']);
  });

  it('credits a paid pack once: tampered refused, replays and late events change nothing', async () => {
    const metadata = {
      querent_user_id: userId,
      querent_organization_id: '',
      querent_kind: 'pack',
      querent_credits: '300',
    };
    const paid = checkoutEvent('evt_1', 'checkout.session.completed', {
      id: 'cs_test_1',
      payment_status: 'paid',
      metadata,
    });
    const before = await credits();

    // Tampered (the amount raised after signing) or signed with another secret: refused, nothing credited.
    const tampered = await deliver(paid, { tamper: (payload) => payload.replace('"300"', '"30000"') });
    expect([tampered.status, tampered.body.error?.code]).toEqual([400, 'BAD_REQUEST']);
    expect((await deliver(paid, { secret: 'whsec_someone_else' })).status).toBe(400);
    expect(await credits()).toBe(before);

    expect(await deliver(paid)).toEqual({ status: 200, body: { received: true, credited: true } });
    expect(await credits()).toBe(before + 300);
    // Replayed by Stripe, and at once several times: still once.
    const replays = await Promise.all([deliver(paid), deliver(paid), deliver(paid)]);
    expect(replays.map((replay) => replay.body.credited)).toEqual([false, false, false]);
    expect(await credits()).toBe(before + 300);
  });

  it('credits a checkout paid later once, whichever of its events comes first', async () => {
    const metadata = {
      querent_user_id: userId,
      querent_organization_id: '',
      querent_kind: 'pack',
      querent_credits: '50',
    };
    const before = await credits();
    const succeeded = checkoutEvent('evt_3', 'checkout.session.async_payment_succeeded', {
      id: 'cs_test_late',
      payment_status: 'paid',
      metadata,
    });
    // The completion (still unpaid, a bank debit) is delivered after the success it preceded.
    const completed = checkoutEvent('evt_2', 'checkout.session.completed', {
      id: 'cs_test_late',
      payment_status: 'unpaid',
      metadata,
    });
    expect((await deliver(succeeded)).body.credited).toBe(true);
    expect((await deliver(completed)).body.credited).toBe(false);
    expect(await credits()).toBe(before + 50);

    // An unpaid completion alone credits nothing; events of other kinds are acknowledged and ignored.
    const unpaid = checkoutEvent('evt_4', 'checkout.session.completed', {
      id: 'cs_test_unpaid',
      payment_status: 'unpaid',
      metadata,
    });
    expect((await deliver(unpaid)).body).toEqual({ received: true, credited: false });
    expect(
      (await deliver({ id: 'evt_5', object: 'event', type: 'invoice.created', data: { object: {} } })).status,
    ).toBe(200);
    expect(await credits()).toBe(before + 50);
  });

  it('puts the balance on a paid plan with its first allowance, once', async () => {
    const metadata = {
      querent_user_id: userId,
      querent_organization_id: '',
      querent_kind: 'plan',
      querent_plan_id: 'team',
    };
    const before = await credits();
    const paid = checkoutEvent('evt_6', 'checkout.session.completed', {
      id: 'cs_test_plan',
      payment_status: 'paid',
      metadata,
    });
    expect((await deliver(paid)).body.credited).toBe(true);
    expect((await deliver(paid)).body.credited).toBe(false);
    expect(await credits()).toBe(before + 500);
    const offer = await requestJson<{ subscription: { plan_id: string } | null; checkout: boolean }>(
      user,
      '/api/credits/plans',
    );
    expect(offer.body.subscription?.plan_id).toBe('team');
    expect(offer.body.checkout).toBe(true);
  });

  it("opens Stripe's billing portal for a plan bought through Stripe, and no second plan checkout", async () => {
    const noPlan = await requestJson<{ error: { code: string } }>(user, '/api/credits/portal', {
      method: 'POST',
    });
    expect([noPlan.status, noPlan.body.error.code]).toEqual([409, 'CONFLICT']);
    const metadata = {
      querent_user_id: userId,
      querent_organization_id: '',
      querent_kind: 'plan',
      querent_plan_id: 'team',
    };
    const paid = checkoutEvent('evt_7', 'checkout.session.completed', {
      id: 'cs_test_subscription',
      payment_status: 'paid',
      metadata,
      mode: 'subscription',
      subscription: 'sub_portal',
      customer: 'cus_portal',
      invoice: 'in_portal',
    });
    expect((await deliver(paid)).body.credited).toBe(true);
    const offer = await requestJson<{
      subscription: { plan_id: string; status: string; manage_online: boolean };
    }>(user, '/api/credits/plans');
    expect(offer.body.subscription).toMatchObject({ plan_id: 'team', status: 'active', manage_online: true });

    const portal = await requestJson<{ url: string }>(user, '/api/credits/portal', { method: 'POST' });
    expect(portal).toMatchObject({
      status: 200,
      body: { url: 'https://billing.stripe.test/p/session/bps_test_1' },
    });
    expect(fake.portals[0]?.fields.get('customer')).toBe('cus_portal');
    expect(fake.portals[0]?.fields.get('return_url')).toMatch(/\/subscribe$/);

    // A second subscription would bill twice: plans change in the portal.
    const again = await requestJson<{ error: { field: string } }>(user, '/api/credits/checkout', {
      method: 'POST',
      body: { plan_id: 'team' },
    });
    expect([again.status, again.body.error.field]).toEqual([409, 'plan_id']);
  });
});

describe('a plan paying for an organisation’s pool', () => {
  const ask = <T>(browser: AppBrowser, path: string, method = 'GET', body?: unknown) =>
    requestJson<T>(browser, path, { method, ...(body === undefined ? {} : { body }) });
  const manageOnline = async (browser: AppBrowser) =>
    (await ask<{ subscription: { manage_online: boolean } | null }>(browser, '/api/credits/plans')).body
      .subscription?.manage_online;

  it('is managed in the portal by whoever bought it and the organisation’s administrators, not its other members', async () => {
    // Alice and Bob are members of Wonderland (carol, who signed in first, administers).
    const alice = createAppBrowser(running.baseUrl);
    expect((await alice.signIn('alice')).status).toBe(302);
    const bob = createAppBrowser(running.baseUrl);
    expect((await bob.signIn('bob')).status).toBe(302);
    const aliceMe = (await ask<{ id: string; role: string; organization_id: string }>(alice, '/api/user'))
      .body;
    const bobMe = (await ask<{ id: string; role: string }>(bob, '/api/user')).body;
    expect([aliceMe.role, bobMe.role]).toEqual(['member', 'member']);

    const paid = checkoutEvent('evt_pool_1', 'checkout.session.completed', {
      id: 'cs_test_pool',
      payment_status: 'paid',
      metadata: {
        querent_user_id: aliceMe.id,
        querent_organization_id: aliceMe.organization_id,
        querent_kind: 'plan',
        querent_plan_id: 'team',
      },
      mode: 'subscription',
      subscription: 'sub_pool',
      customer: 'cus_pool',
      invoice: 'in_pool',
    });
    expect((await deliver(paid)).body.credited).toBe(true);

    // Alice bought it: she manages it.
    expect(await manageOnline(alice)).toBe(true);
    const hers = await ask<{ url: string }>(alice, '/api/credits/portal', 'POST');
    expect(hers.status).toBe(200);
    expect(fake.portals.at(-1)?.fields.get('customer')).toBe('cus_pool');

    // Bob draws on the same pool but did not buy it: not offered, and refused.
    expect(await manageOnline(bob)).toBe(false);
    const portals = fake.portals.length;
    const refused = await ask<{ error: { code: string; message: string } }>(
      bob,
      '/api/credits/portal',
      'POST',
    );
    expect([refused.status, refused.body.error.code]).toEqual([403, 'FORBIDDEN']);
    expect(refused.body.error.message).toBe(
      'Only the person who subscribed or an administrator can manage it',
    );
    expect(fake.portals).toHaveLength(portals);

    // Made an administrator, Bob manages his organisation's plan.
    const promoted = await user.request(`/api/users/${bobMe.id}`, { method: 'PUT', body: { role: 'admin' } });
    expect(promoted.status).toBe(200);
    expect(await manageOnline(bob)).toBe(true);
    expect((await ask<{ url: string }>(bob, '/api/credits/portal', 'POST')).status).toBe(200);
    expect(fake.portals.at(-1)?.fields.get('customer')).toBe('cus_pool');
  });
});
