import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeFake {
  url: string;
  /** Every checkout session created, with the form fields the SDK sent. */
  sessions: { id: string; fields: URLSearchParams; authorization: string | undefined }[];
  /** Every billing portal session created, with the form fields the SDK sent. */
  portals: { id: string; fields: URLSearchParams }[];
  stop(): Promise<void>;
}

/**
 * A local stand-in for the part of Stripe's HTTP API Querent calls: creating a Checkout Session
 * or a customer portal session (form-encoded, as the official SDK sends them), answered as Stripe
 * would with its id and page URL.
 */
export async function startStripeFake(): Promise<StripeFake> {
  const sessions: StripeFake['sessions'] = [];
  const portals: StripeFake['portals'] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        const id = `cs_test_${sessions.length + 1}`;
        const fields = new URLSearchParams(body);
        sessions.push({ id, fields, authorization: request.headers.authorization });
        response.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            mode: fields.get('mode'),
            url: `https://checkout.stripe.test/c/pay/${id}`,
            payment_status: 'unpaid',
            metadata: {},
          }),
        );
        return;
      }
      if (request.method === 'POST' && request.url === '/v1/billing_portal/sessions') {
        const id = `bps_test_${portals.length + 1}`;
        const fields = new URLSearchParams(body);
        portals.push({ id, fields });
        response.end(
          JSON.stringify({
            id,
            object: 'billing_portal.session',
            customer: fields.get('customer'),
            return_url: fields.get('return_url'),
            url: `https://billing.stripe.test/p/session/${id}`,
          }),
        );
        return;
      }
      response.statusCode = 404;
      response.end(
        JSON.stringify({ error: { type: 'invalid_request_error', message: `No route ${request.url}` } }),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    portals,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
