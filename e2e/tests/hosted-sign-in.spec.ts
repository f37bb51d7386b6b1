import { expect, test } from '@playwright/test';
import { chinookSqlitePath } from '../global-setup.ts';
import type { HostedQuerent } from '../hosted-querent.ts';
import { seedOrganizationDatabases, startHostedQuerent } from '../hosted-querent.ts';

// Hosted mode end to end: a person signs in through the provider's own login form, lands in
// Querent, sees only their organisation's databases, and signs out at Querent and the provider.

let hosted: HostedQuerent;

test.beforeAll(async () => {
  hosted = await startHostedQuerent();
  seedOrganizationDatabases(
    hosted,
    [
      { name: 'Wonderland sales', organization: 'Wonderland' },
      { name: 'Looking Glass ledger', organization: 'Looking Glass' },
    ],
    chinookSqlitePath(),
  );
});

test.afterAll(async () => {
  await hosted.stop();
});

test('a person signs in at the provider, sees only their organisation’s databases, and signs out', async ({
  page,
}) => {
  await page.goto(`${hosted.url}/databases`);

  // Not signed in: the app leaves for the provider's own login page.
  await expect(page).toHaveURL(new RegExp(`^${hosted.provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill('alice');
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The callback lands on /logged, and the app goes on to / and /chat/new.
  await expect(page).toHaveURL(`${hosted.url}/chat/new`);
  await expect(page.getByRole('button', { name: 'Alice Liddell' })).toBeVisible();

  await page.goto(`${hosted.url}/databases`);
  const list = page.getByRole('list', { name: 'Databases' });
  await expect(list.getByText('Wonderland sales')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Looking Glass ledger')).toHaveCount(0);

  // The profile shows the account with its organisation, and this browser among the sessions.
  await page.goto(`${hosted.url}/profile`);
  await expect(page.getByRole('region', { name: 'Account' }).getByText('Wonderland')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByText('This browser')).toBeVisible();

  // Signing out ends the session here, then at the provider, which sends the browser to /login.
  await page.getByRole('button', { name: 'Alice Liddell' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(new RegExp(`^${hosted.provider.issuer}/session/end`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${hosted.url}/login`);
  await expect(page.getByRole('heading', { name: 'Sign in to Querent' })).toBeVisible();
  expect((await page.request.get(`${hosted.url}/api/user`)).status()).toBe(401);

  // Signing in again shows the provider's login form: the session there is over too.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('input[name="login"]')).toBeVisible();
});

test('a sign-in link opened in another browser shows a page that leads back to sign-in', async ({
  page,
  browser,
}) => {
  await page.goto(`${hosted.url}/login`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('input[name="login"]').fill('bob');
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // Catch the provider's redirect back before this browser opens it, and open it elsewhere.
  const callback = page.waitForRequest((request) =>
    request.url().startsWith(`${hosted.url}/api/auth/callback`),
  );
  await page.route(`${hosted.url}/api/auth/callback**`, (route) => route.abort());
  await page.getByRole('button', { name: 'Continue' }).click();
  const callbackUrl = (await callback).url();

  const other = await browser.newContext();
  try {
    const elsewhere = await other.newPage();
    const answer = await elsewhere.goto(callbackUrl);
    expect(answer?.status()).toBe(400);
    await expect(elsewhere.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
    await expect(elsewhere.getByText('was started in another browser')).toBeVisible();
    await elsewhere.getByRole('link', { name: 'Sign in again' }).click();
    await expect(elsewhere).toHaveURL(`${hosted.url}/login`);
  } finally {
    await other.close();
  }
});
