import { expect, type Page, test } from '@playwright/test';
import type { HostedQuerent } from '../hosted-querent.ts';
import { startHostedQuerent } from '../hosted-querent.ts';

// Hosted mode: a person makes an API key on /profile, copies its secret (shown once), a script
// uses it on the REST API and on /mcp, and revoking it on the same page locks the script out.

let hosted: HostedQuerent;

test.beforeAll(async () => {
  hosted = await startHostedQuerent();
});

test.afterAll(async () => {
  await hosted.stop();
});

async function signIn(page: Page, login: string): Promise<void> {
  await page.goto(`${hosted.url}/login`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${hosted.url}/chat/new`);
}

/** A script's call with the key and no cookie. */
function withKey(secret: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${hosted.url}${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${secret}` },
  });
}

function listTools(secret: string): Promise<Response> {
  return withKey(secret, '/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
}

test('a person makes a key, copies it once, uses it from a script and revokes it', async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  try {
    const page = await context.newPage();
    await signIn(page, 'bob');
    await page.goto(`${hosted.url}/profile`);
    const section = page.getByRole('region', { name: 'API keys' });
    await expect(section.getByText('No API keys yet.')).toBeVisible();

    const form = section.getByRole('form', { name: 'New API key' });
    await form.getByLabel('Name').fill('Weekly export');
    await form.getByRole('checkbox', { name: /^sql:run/ }).check();
    await form.getByLabel('Expires after').selectOption('30');
    await form.getByRole('button', { name: 'Make key' }).click();

    const shown = section.getByRole('status', { name: 'New API key' });
    const secret = (await shown.getByLabel('API key secret').textContent()) ?? '';
    expect(secret).toMatch(/^qk_/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);

    const row = section.getByRole('list', { name: 'API keys' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`${secret.slice(0, 11)}…`);
    await expect(row).toContainText('never used');

    // A script, with the key and no cookie: the REST API as Bob, and /mcp with the key's tools.
    const me = await withKey(secret, '/api/user');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('bob@example.com');
    const tools = await listTools(secret);
    expect(tools.status).toBe(200);
    const names = ((await tools.json()) as { result: { tools: { name: string }[] } }).result.tools.map(
      (tool) => tool.name,
    );
    expect(names).toContain('run_sql');
    expect(names).toContain('list_databases');
    expect(names).not.toContain('query_metrics');

    // Its last use shows once the page reads the keys again; the secret never does.
    await page.reload();
    await expect(row).toContainText('last used');
    await expect(page.getByText(secret)).toHaveCount(0);

    await row.getByRole('button', { name: 'Revoke Weekly export' }).click();
    await page
      .getByRole('alertdialog', { name: 'Revoke “Weekly export”?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(section.getByText('No API keys yet.')).toBeVisible();
    expect((await withKey(secret, '/api/user')).status).toBe(401);
    expect((await listTools(secret)).status).toBe(401);
  } finally {
    await context.close();
  }
});
