import { expect, test } from '@playwright/test';
import { expectSelectedDatabase, openFromDatabaseList, schemaTable } from '../funnel.ts';
import { snowflakeFake } from '../fake-engines.ts';

// Chinook's tables as Snowflake names them: loaded with unquoted names, they are upper case.
const chinookTables = [
  'ALBUM',
  'ARTIST',
  'CUSTOMER',
  'EMPLOYEE',
  'GENRE',
  'INVOICE',
  'INVOICELINE',
  'MEDIATYPE',
  'PLAYLIST',
  'PLAYLISTTRACK',
  'TRACK',
];

test('the setup funnel connects Snowflake, names a wrong password and browses and queries Chinook', async ({
  page,
}) => {
  const name = `Chinook Snowflake ${test.info().testId.slice(0, 6)}`;

  await page.goto('/databases/new');
  await page.getByRole('button', { name: 'Snowflake', exact: true }).click();
  await expect(page).toHaveURL(/[?&]engine=snowflake/);
  await expect(page.getByRole('heading', { name: 'Connect Snowflake' })).toBeVisible();

  // The server reaches the account through SNOWFLAKE_ACCESS_URL (the fake); the user types only
  // what they would for a real account.
  await page.getByLabel('Account').fill(snowflakeFake.account);
  await page.getByLabel('User').fill(snowflakeFake.user);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByLabel('Database').fill(snowflakeFake.database);
  await page.getByLabel('Schema').fill(snowflakeFake.schema);
  await page.getByLabel('Warehouse').fill(snowflakeFake.warehouse);
  await page.getByLabel('Role').fill(snowflakeFake.role);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Test connection' }).click();

  // Snowflake's own answer, in the server's words, under the buttons; the form stays as typed.
  const failure = page.getByRole('alert').filter({ hasText: 'Connection failed:' });
  await expect(failure).toContainText(
    `Authentication failed for user ${snowflakeFake.user} — check the user name and password (Incorrect username or password was specified.`,
  );
  await expect(page.getByLabel('Account')).toHaveValue(snowflakeFake.account);

  await page.getByLabel('Password').fill(snowflakeFake.password);
  await expect(failure).toHaveCount(0);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Connection successful.' })).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/chat\/new$/);
  // Saving makes the new database the context.
  const id = await expectSelectedDatabase(page, name);

  // Stored with its engine; the password is never sent back.
  const stored = await page.request.get(`/api/databases/${id}`);
  expect(await stored.json()).toMatchObject({
    engine: 'snowflake',
    name,
    details: { account: snowflakeFake.account, database: snowflakeFake.database },
  });
  expect(JSON.stringify(await stored.json())).not.toContain(snowflakeFake.password);

  // The schema browser lists Chinook's tables, read from the fake's INFORMATION_SCHEMA.
  await openFromDatabaseList(page, name, 'Snowflake', id);
  await expect(page.getByText(`${chinookTables.length} tables`, { exact: true })).toBeVisible();
  for (const table of chinookTables) await expect(schemaTable(page, table)).toHaveCount(1);
  const track = schemaTable(page, 'TRACK');
  await track.getByRole('button', { name: 'TRACK', exact: true }).click();
  await expect(track.getByTestId('schema-column').filter({ hasText: 'MILLISECONDS' })).toContainText(
    /number/i,
  );

  // Queries run on the fake's Chinook; unquoted aliases come back upper case, as in Snowflake.
  const count = await page.request.post('/api/query/_run', {
    data: { databaseId: id, query: 'SELECT count(*) AS tracks FROM track' },
  });
  expect(count.ok(), await count.text()).toBe(true);
  expect(await count.json()).toMatchObject({
    columns: [{ name: 'TRACKS' }],
    rows: [[3503]],
    count: 1,
    truncated: false,
  });
});
