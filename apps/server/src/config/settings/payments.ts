import { integer, secret, text, url } from '../setting.ts';
import { defineSettings } from '../setting-group.ts';

/* Payments through Stripe, on when its secret key is set (hosted mode). */

export interface StripeConfig {
  secretKey: string;
  /** The webhook endpoint's signing secret; without it no event is believed. */
  webhookSecret: string | null;
  /** Where the Stripe API is reached: null for Stripe's own; a proxy or a test fake otherwise. */
  apiUrl: string | null;
  centsPerCredit: number;
  currency: string;
}

export const paymentSettings = defineSettings(
  {
    stripeSecretKey: secret(
      text({
        name: 'STRIPE_SECRET_KEY',
        description:
          'Stripe secret key: turns on buying plans and credit packs on /subscribe through Stripe Checkout (hosted mode).',
      }),
    ),
    stripeWebhookSecret: secret(
      text({
        name: 'STRIPE_WEBHOOK_SECRET',
        description:
          'Signing secret of the Stripe webhook endpoint /api/credits/stripe/webhook; events whose signature does not match it are refused.',
      }),
    ),
    stripeApiUrl: url({
      name: 'STRIPE_API_URL',
      protocols: ['http:', 'https:'],
      message: 'must be an http:// or https:// URL',
      description:
        'Address of the Stripe API instead of https://api.stripe.com: a proxy, or a local fake in tests.',
    }),
    stripeCentsPerCredit: integer({
      name: 'STRIPE_CENTS_PER_CREDIT',
      min: 1,
      max: 1_000_000,
      default: 1,
      description: 'Price of one credit in a credit pack, in the smallest unit of STRIPE_CURRENCY.',
    }),
    stripeCurrency: text({
      name: 'STRIPE_CURRENCY',
      default: 'usd',
      description: 'Currency of credit packs bought through Stripe (a three-letter ISO code).',
    }),
  },
  (values, { report }) => {
    if (values.stripeSecretKey !== null && values.stripeWebhookSecret === null) {
      report(
        'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set: payments are credited from its events',
      );
    }
    const stripe: StripeConfig | null =
      values.stripeSecretKey === null
        ? null
        : {
            secretKey: values.stripeSecretKey,
            webhookSecret: values.stripeWebhookSecret,
            apiUrl: values.stripeApiUrl,
            centsPerCredit: values.stripeCentsPerCredit,
            currency: values.stripeCurrency.toLowerCase(),
          };
    return { stripe };
  },
);
