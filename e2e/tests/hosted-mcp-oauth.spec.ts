import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import type { HostedQuerent } from '../hosted-querent.ts';
import { startHostedQuerent } from '../hosted-querent.ts';

// Hosted mode: an MCP client (played here by plain HTTP calls) registers and sends the person's
// real browser to authorize it; they sign in at the company's provider, approve the app on
// Querent's consent page and land back at the app; later they disconnect it on /profile.

let hosted: HostedQuerent;
let app: Server;
let appCallback: string;

test.beforeAll(async () => {
  hosted = await startHostedQuerent();
  // The MCP client's own redirect page, on this machine as a desktop client's is.
  app = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Connected to Querent</h1>');
  });
  app.listen(0, '127.0.0.1');
  await once(app, 'listening');
  const address = app.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  appCallback = `http://127.0.0.1:${address.port}/callback`;
});

test.afterAll(async () => {
  await new Promise((resolve) => app.close(resolve));
  await hosted.stop();
});

function listTools(token: string): Promise<Response> {
  return fetch(`${hosted.url}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
}

test('a person connects an MCP client through sign-in and consent, then disconnects it', async ({ page }) => {
  const registered = await fetch(`${hosted.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'E2E Agent',
      redirect_uris: [appCallback],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
  });
  expect(registered.status).toBe(201);
  const clientId = ((await registered.json()) as { client_id: string }).client_id;
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${hosted.url}/oauth/authorize`);
  for (const [name, value] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: appCallback,
    scope: 'metadata:read metrics:run sql:run',
    resource: `${hosted.url}/mcp`,
    state: 'e2e-state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })) {
    authorize.searchParams.set(name, value);
  }

  await page.goto(authorize.href);
  // Not signed in to Querent: the company's provider asks first.
  await page.locator('input[name="login"]').fill('bob');
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Connect E2E Agent to Querent?' })).toBeVisible();
  await expect(page.getByText('Bob Builder')).toBeVisible();
  await page.getByRole('checkbox', { name: /sql:run/ }).uncheck();
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page.getByRole('heading', { name: 'Connected to Querent' })).toBeVisible();
  const back = new URL(page.url());
  expect(back.origin + back.pathname).toBe(appCallback);
  expect(back.searchParams.get('state')).toBe('e2e-state');
  expect(back.searchParams.get('iss')).toBe(`${hosted.url}/oauth`);
  const exchanged = await fetch(`${hosted.url}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: appCallback,
      client_id: clientId,
      code_verifier: verifier,
    }),
  });
  expect(exchanged.status).toBe(200);
  const token = ((await exchanged.json()) as { access_token: string }).access_token;
  const tools = await listTools(token);
  expect(tools.status).toBe(200);
  const names = ((await tools.json()) as { result: { tools: { name: string }[] } }).result.tools.map(
    (tool) => tool.name,
  );
  expect(names).toContain('query_metrics');
  expect(names).not.toContain('run_sql');

  await page.goto(`${hosted.url}/profile`);
  const connected = page.getByRole('list', { name: 'Connected apps' }).getByRole('listitem');
  await expect(connected).toHaveCount(1);
  await expect(connected).toContainText('E2E Agent');
  await connected.getByRole('button', { name: 'Disconnect E2E Agent' }).click();
  await page
    .getByRole('alertdialog', { name: 'Disconnect E2E Agent?' })
    .getByRole('button', { name: 'Disconnect' })
    .click();
  await expect(page.getByText('No app is connected.')).toBeVisible();
  expect((await listTools(token)).status).toBe(401);
});
