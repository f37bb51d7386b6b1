import { expect, type Page, test } from '@playwright/test';
import { chinookSqlitePath } from '../global-setup.ts';
import type { HostedQuerent } from '../hosted-querent.ts';
import { seedOrganizationDatabases, startHostedQuerent } from '../hosted-querent.ts';

// Out of credits in a real browser against hosted Querent: a query run that would spend answers
// 402; an administrator is offered the way to more credits, a regular user only gets the console
// note, as the product's rules say. A person put on a plan sees it, and when it renews, on /subscribe.

let hosted: HostedQuerent;

test.beforeAll(async () => {
  hosted = await startHostedQuerent({
    SIGNUP_CREDITS: '0',
    CREDIT_PRICE_PER_QUERY: '1',
    ADMIN_EMAILS: 'alice@example.com',
    CREDIT_PLANS: JSON.stringify([{ id: 'team', name: 'Team', monthly_credits: 500, price: '$49 a month' }]),
  });
  seedOrganizationDatabases(
    hosted,
    [{ name: 'Wonderland sales', organization: 'Wonderland' }],
    chinookSqlitePath(),
  );
});

test.afterAll(async () => {
  await hosted.stop();
});

async function signIn(page: Page, login: string): Promise<void> {
  await page.goto(`${hosted.url}/editor`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${hosted.url}/chat/new`);
  await page.goto(`${hosted.url}/editor`);
}

/** Types a query in the editor and runs it; the seeded database is the only context. */
async function runQuery(page: Page): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'SQL' });
  await editor.click();
  await page.keyboard.type('select count(*) from Artist');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
}

test('an administrator at zero credits is offered more credits when a run is refused', async ({ page }) => {
  await signIn(page, 'alice');
  const refused = page.waitForResponse(
    (response) => response.url().endsWith('/api/query/_run') && response.status() === 402,
  );
  await runQuery(page);
  await refused;
  const toast = page.getByRole('alert').filter({ hasText: 'Out of credits' });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Get more credits' }).click();
  await expect(page).toHaveURL(`${hosted.url}/subscribe`);
  await expect(page.getByTestId('credit-balance')).toHaveText('You have 0 credits left.');
});

test('a regular user at zero credits only gets the console note', async ({ page }) => {
  const notes: string[] = [];
  page.on('console', (message) => notes.push(message.text()));
  await signIn(page, 'bob');
  const refused = page.waitForResponse(
    (response) => response.url().endsWith('/api/query/_run') && response.status() === 402,
  );
  await runQuery(page);
  await refused;
  await expect.poll(() => notes).toContain('Regular user has insufficient credits');
  await expect(page.getByText('Out of credits')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Get more credits' })).toHaveCount(0);
});

test('a person an administrator put on a plan sees it and when it renews on /subscribe', async ({
  page,
  browser,
}) => {
  await signIn(page, 'carol');
  const carol = (await (await page.request.get(`${hosted.url}/api/user`)).json()) as { id: string };
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'alice');
  const put = await admin.request.put(`${hosted.url}/api/credits/subscriptions`, {
    headers: { origin: hosted.url },
    data: { user_id: carol.id, plan_id: 'team' },
  });
  expect(put.status()).toBe(204);
  await admin.context().close();

  await page.goto(`${hosted.url}/subscribe`);
  await expect(page.getByTestId('credit-balance')).toHaveText('You have 500 credits left.');
  await expect(page.getByTestId('current-subscription')).toContainText(/Team plan · Renews on \w+/);
  // Set by an administrator, not bought through Stripe: nothing to manage there.
  await expect(page.getByRole('button', { name: 'Manage subscription' })).toHaveCount(0);
  await expect(page.getByTestId('credit-plan').getByText('Your current plan')).toBeVisible();
});
