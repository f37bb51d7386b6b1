import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { chinookSqlitePath } from '../global-setup.ts';
import type { HostedQuerent } from '../hosted-querent.ts';
import { seedOrganizationDatabases, startHostedQuerent } from '../hosted-querent.ts';

// Hosted mode with the anonymous sandbox on: a visitor without an account may try public data
// only, and an administrator who deactivates someone takes their open page's session away.

let hosted: HostedQuerent;

test.beforeAll(async () => {
  hosted = await startHostedQuerent({ ANONYMOUS_ACCESS: 'true', ADMIN_EMAILS: 'alice@example.com' });
  seedOrganizationDatabases(
    hosted,
    [
      { name: 'Open Chinook', organization: 'Open Data', public: true },
      { name: 'Looking Glass ledger', organization: 'Looking Glass' },
      { name: 'Wonderland sales', organization: 'Wonderland' },
    ],
    chinookSqlitePath(),
  );
});

test.afterAll(async () => {
  await hosted.stop();
});

test('an anonymous visitor is sent to /welcome and can only pick public databases', async ({ page }) => {
  await page.goto(`${hosted.url}/databases`);
  await expect(page).toHaveURL(`${hosted.url}/welcome`);
  const offered = page.getByRole('list', { name: 'Public databases' });
  await expect(offered.getByRole('button')).toHaveCount(1);
  await expect(offered.getByRole('button', { name: /Open Chinook/ })).toBeVisible();
  await expect(page.getByText('Looking Glass ledger')).toHaveCount(0);
  await expect(page.getByText('Wonderland sales')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /connect your own database/ })).toHaveCount(0);

  await offered.getByRole('button', { name: /Open Chinook/ }).click();
  await expect(page).toHaveURL(`${hosted.url}/chat/new`);
  // Once a context is chosen, /welcome sends the visitor on into the app.
  await page.goto(`${hosted.url}/welcome`);
  await expect(page).toHaveURL(`${hosted.url}/chat/new`);

  // The server agrees: the visitor's list holds the public database alone, and connecting one is refused.
  const listed = (await (await page.request.get(`${hosted.url}/api/databases`)).json()) as { name: string }[];
  expect(listed.map((database) => database.name)).toEqual(['Open Chinook']);
  const me = (await (await page.request.get(`${hosted.url}/api/user`)).json()) as { role: string };
  expect(me.role).toBe('anonymous');
  await page.getByRole('button', { name: 'Guest' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toHaveCount(0);
});

async function signIn(page: import('@playwright/test').Page, login: string): Promise<void> {
  await page.goto(`${hosted.url}/login`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${hosted.url}/chat/new`);
}

test('an administrator deactivates a person whose open page then loses its session', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const bobContext = await browser.newContext();
  try {
    const bobPage = await bobContext.newPage();
    await signIn(bobPage, 'bob');
    await expect(bobPage.getByRole('button', { name: 'Bob Builder' })).toBeVisible();
    // The menu offers what the server's abilities allow: a member manages nobody.
    await bobPage.getByRole('button', { name: 'Bob Builder' }).click();
    await expect(bobPage.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(bobPage.getByRole('menuitem', { name: 'People' })).toHaveCount(0);

    const adminPage = await adminContext.newPage();
    await signIn(adminPage, 'alice');
    await adminPage.getByRole('button', { name: 'Alice Liddell' }).click();
    await adminPage.getByRole('menuitem', { name: 'People' }).click();
    await expect(adminPage).toHaveURL(`${hosted.url}/user`);
    const people = adminPage.getByRole('region', { name: 'People' });
    await people.getByRole('searchbox', { name: 'Search people' }).fill('bob');
    await people.getByRole('button', { name: 'Deactivate Bob Builder' }).click();
    await adminPage
      .getByRole('alertdialog', { name: 'Deactivate Bob Builder?' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await expect(people.getByRole('button', { name: 'Reactivate Bob Builder' })).toBeVisible();

    // Bob's page, still open and untouched, is signed out: its live connection is ended and
    // refused again, so the page re-authenticates on its own, at the provider, which still knows
    // him, and Querent refuses the deactivated account.
    expect((await bobPage.request.get(`${hosted.url}/api/user`)).status()).toBe(401);
    await expect(bobPage.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible({ timeout: 15_000 });
    await expect(bobPage.getByText('This account has been deactivated')).toBeVisible();
  } finally {
    await adminContext.close();
    await bobContext.close();
  }
});

test('an administrator deletes an organisation: it leaves the list, its database stays its owner’s', async ({
  page,
}) => {
  await signIn(page, 'alice');
  await page.goto(`${hosted.url}/user`);
  const organizations = page.getByRole('region', { name: 'Organisations' });
  await organizations.getByRole('button', { name: 'Delete Looking Glass' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Looking Glass?' });
  // Named by the sign-in service: the confirmation says it comes back with its members.
  await expect(dialog).toContainText('It comes from the sign-in service: it reappears');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(organizations.getByText('Looking Glass', { exact: true })).toHaveCount(0);
  await expect(organizations.getByText('Wonderland', { exact: true })).toBeVisible();

  // Its member is left without an organisation, owning what they owned.
  const people = (await (await page.request.get(`${hosted.url}/api/users?q=owner-1`)).json()) as {
    users: { organization_id: string | null }[];
  };
  expect(people.users).toEqual([expect.objectContaining({ organization_id: null })]);
  const store = new Database(join(hosted.dataDir, 'querent.sqlite'), { readonly: true });
  try {
    expect(
      store.prepare('SELECT name, owner_id, organization_id FROM databases WHERE id = ?').get('db-1'),
    ).toEqual({
      name: 'Looking Glass ledger',
      owner_id: 'owner-1',
      organization_id: null,
    });
  } finally {
    store.close();
  }
});
