import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubSession } from './helpers/fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stubSession(server, { role: 'member' });
  server.on('GET /api/user/credits', { body: { credits_remaining: 12, unlimited: false } });
});

const plans = [
  {
    id: 'team',
    name: 'Team',
    monthly_credits: 5000,
    price: '$49 a month',
    payment_link: null,
    buy_online: true,
  },
  {
    id: 'club',
    name: 'Club',
    monthly_credits: 900,
    price: '$9 a month',
    payment_link: 'https://pay.example.com/club',
    buy_online: false,
  },
];

describe('subscribe page', () => {
  it('shows the balance, the plans and how to get more, and opens a checkout', async () => {
    server.on('GET /api/credits/plans', {
      body: {
        plans,
        credits_remaining: 12,
        unlimited: false,
        subscription: null,
        checkout: true,
        price_per_query: 2,
      },
    });
    server.on('POST /api/credits/checkout', { body: { url: 'https://checkout.stripe.test/c/pay/cs_1' } });
    const { browser } = renderApp('/subscribe', server.url);
    expect(await screen.findByTestId('credit-balance')).toHaveTextContent('You have 12 credits left.');
    const cards = await screen.findAllByTestId('credit-plan');
    expect(cards).toHaveLength(2);
    expect(within(cards[1] as HTMLElement).getByRole('link', { name: 'Choose Club' })).toHaveAttribute(
      'href',
      'https://pay.example.com/club',
    );
    expect(screen.getByText(/ask an administrator of this server to grant you credits/)).toHaveTextContent(
      'and for the SQL you run yourself: 2 credits a query.',
    );

    await userEvent.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Choose Team' }));
    await waitFor(() =>
      expect(browser.assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'),
    );
    const sent = server.requests.find((request) => request.path === '/api/credits/checkout');
    expect(sent?.body).toEqual({ plan_id: 'team' });
  });

  it('marks the current plan and offers no checkout without Stripe', async () => {
    server.on('GET /api/credits/plans', {
      body: {
        plans: plans.map((plan) => ({ ...plan, buy_online: false })),
        credits_remaining: 300,
        unlimited: false,
        subscription: {
          plan_id: 'team',
          renews_at: '2026-12-01T00:00:00.000Z',
          status: 'active',
          cancel_at_period_end: false,
          manage_online: false,
        },
        checkout: false,
        price_per_query: 0,
      },
    });
    renderApp('/subscribe', server.url);
    expect(await screen.findByText('Your current plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy credits' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Choose/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Choose Club' })).toBeInTheDocument();
    // A plan an administrator set: when it renews, and nothing to manage on Stripe.
    expect(screen.getByTestId('current-subscription')).toHaveTextContent(/Team plan · Renews on /);
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).toBeNull();
  });

  it('shows a Stripe plan ending at its period end and opens the billing portal to manage it', async () => {
    server.on('GET /api/credits/plans', {
      body: {
        plans,
        credits_remaining: 4200,
        unlimited: false,
        subscription: {
          plan_id: 'team',
          renews_at: '2026-12-01T12:00:00.000Z',
          status: 'active',
          cancel_at_period_end: true,
          manage_online: true,
        },
        checkout: true,
        price_per_query: 0,
      },
    });
    server.on('POST /api/credits/portal', { body: { url: 'https://billing.stripe.test/p/session/bps_1' } });
    const { browser } = renderApp('/subscribe', server.url);
    const current = await screen.findByTestId('current-subscription');
    const ends = new Date('2026-12-01T12:00:00.000Z').toLocaleDateString(undefined, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    expect(current).toHaveTextContent(`Team plan · Ends on ${ends}`);
    // Other plans are switched to in the portal, not bought as a second subscription.
    expect(screen.queryByRole('button', { name: /Choose/ })).toBeNull();
    expect(screen.getByText('Switch with Manage subscription.')).toBeInTheDocument();

    await userEvent.click(within(current).getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() =>
      expect(browser.assign).toHaveBeenCalledWith('https://billing.stripe.test/p/session/bps_1'),
    );
    expect(server.requests.some((request) => request.path === '/api/credits/portal')).toBe(true);
  });
});
