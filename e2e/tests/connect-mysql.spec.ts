import { expect, test } from '@playwright/test';
import { expectSelectedDatabase, schemaTable } from '../funnel.ts';
import { chinookMysqlServer } from '../global-setup.ts';

const server = chinookMysqlServer();

test.skip(server === null, 'MariaDB is not reachable on this machine');

test('the setup funnel connects the MariaDB Chinook in safe mode, browses it and refuses a write', async ({
  page,
}) => {
  if (server === null) return;
  const name = `Chinook MariaDB ${test.info().testId.slice(0, 6)}`;

  await page.goto('/databases/new');
  await page.getByRole('button', { name: 'MySQL', exact: true }).click();
  await expect(page).toHaveURL(/[?&]engine=mysql/);
  await expect(page.getByRole('heading', { name: 'Connect MySQL' })).toBeVisible();
  // The engine's default port is filled in for the user.
  await expect(page.getByLabel('Port')).toHaveValue('3306');

  await page.getByLabel('Host').fill(server.host);
  await page.getByLabel('Port').fill(String(server.port));
  await page.getByLabel('User').fill(server.user);
  // The password stays empty: the local root signs in without one.
  await page.getByLabel('Database').fill(server.database);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Connection successful.' })).toBeVisible();

  const safeMode = page.getByRole('switch', { name: 'Safe mode (read-only)' });
  await expect(safeMode).not.toBeChecked();
  await safeMode.check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/chat\/new$/);
  // Saving makes the new database the context.
  const id = await expectSelectedDatabase(page, name);

  const stored = await page.request.get(`/api/databases/${id}`);
  expect(await stored.json()).toMatchObject({
    engine: 'mysql',
    safe_mode: true,
    name,
    details: { host: server.host, database: server.database },
  });

  // The schema browser finds Track by name, and opened it lists its columns.
  await page.goto('/databases');
  const entry = page.getByRole('list', { name: 'Databases' }).getByRole('link').filter({ hasText: name });
  await expect(entry).toContainText('MySQL');
  await expect(entry).toContainText('Safe mode');
  await entry.click();
  await expect(page).toHaveURL(`/databases/${id}`);
  await page.getByRole('searchbox', { name: 'Search tables and columns' }).fill('track');
  const track = schemaTable(page, 'Track');
  await expect(track).toHaveCount(1);
  await expect(schemaTable(page, 'PlaylistTrack')).toHaveCount(1);
  await track.getByRole('button', { name: 'Track', exact: true }).click();
  await expect(track.getByTestId('schema-column').filter({ hasText: 'TrackId' })).toContainText('PK');
  await expect(track.getByTestId('schema-column').filter({ hasText: 'Milliseconds' })).toContainText(/int/i);

  // It is the real Chinook, and safe mode holds: a write is refused (this one would change nothing anyway).
  const count = await page.request.post('/api/query/_run', {
    data: { databaseId: id, query: 'SELECT count(*) AS tracks FROM Track' },
  });
  expect(count.ok(), await count.text()).toBe(true);
  expect(await count.json()).toMatchObject({
    columns: [{ name: 'tracks' }],
    rows: [[3503]],
    count: 1,
    truncated: false,
  });
  const write = await page.request.post('/api/query/_run', {
    data: { databaseId: id, query: 'DELETE FROM Track WHERE false' },
  });
  expect(write.status()).toBe(400);
  expect(await write.text()).toContain('Safe mode is on');
});
