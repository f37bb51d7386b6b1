import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.ts';

/* The credit and payment settings read what docs/CONFIGURATION.md and docs/HOSTED.md say and name what they refuse. */

function problem(env: Record<string, string>): string {
  try {
    loadConfig(env, '/srv/querent');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return '';
}

describe('credit settings', () => {
  it('read per-model prices and plans', () => {
    const config = loadConfig(
      {
        CREDIT_MODEL_PRICES: 'gpt-4o=2.5/10, claude-sonnet-4-5 = 3/15',
        CREDIT_PLANS: JSON.stringify([
          {
            id: 'team',
            name: 'Team',
            monthly_credits: 5000,
            price: '$49 a month',
            payment_link: 'https://pay.example.com/team',
          },
        ]),
      },
      '/srv/querent',
    );
    expect(config.creditPricing.models).toEqual({
      'gpt-4o': { input: 2.5, output: 10 },
      'claude-sonnet-4-5': { input: 3, output: 15 },
    });
    expect(config.creditPlans).toEqual([
      {
        id: 'team',
        name: 'Team',
        monthlyCredits: 5000,
        price: '$49 a month',
        paymentLink: 'https://pay.example.com/team',
        stripePrice: null,
      },
    ]);
  });

  it('name a bad price list, a bad plan list and a Stripe key without its webhook secret', () => {
    expect(problem({ CREDIT_MODEL_PRICES: 'gpt-4o=cheap' })).toContain('CREDIT_MODEL_PRICES');
    expect(problem({ CREDIT_PLANS: '[{"id":"Team"}]' })).toContain('CREDIT_PLANS');
    expect(problem({ CREDIT_PLANS: 'team' })).toContain('CREDIT_PLANS');
    const missing = problem({ STRIPE_SECRET_KEY: 'sk_live_secret_value' });
    expect(missing).toContain('STRIPE_WEBHOOK_SECRET is required');
    expect(missing).not.toContain('sk_live_secret_value');
    expect(problem({ SIGNUP_CREDITS: '-5' })).toContain('SIGNUP_CREDITS');
  });
});
