import type Stripe from 'stripe';
import type { StripeConfig } from '../../config/settings/payments.ts';
import { loadOnce } from '../../load-once.ts';

// The SDK is large and only hosted servers selling credits use it: loaded at the first payment.
const loadStripe = loadOnce(() => import('stripe'));

export type StripeClient = Stripe;

/** The official Stripe SDK, pointed at STRIPE_API_URL when set (a proxy, or a test fake). */
export function stripeClient(config: StripeConfig): () => Promise<StripeClient> {
  let client: StripeClient | null = null;
  return async () => {
    if (client) return client;
    const { default: StripeSdk } = await loadStripe();
    const endpoint = config.apiUrl === null ? null : new URL(config.apiUrl);
    client = new StripeSdk(config.secretKey, {
      maxNetworkRetries: 1,
      ...(endpoint
        ? {
            host: endpoint.hostname,
            port: endpoint.port || (endpoint.protocol === 'https:' ? 443 : 80),
            protocol: endpoint.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
    return client;
  };
}
