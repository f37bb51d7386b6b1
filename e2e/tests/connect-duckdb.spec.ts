import { expect, test } from '@playwright/test';
import { expectSelectedDatabase, openFromDatabaseList, schemaTable } from '../funnel.ts';
import { chinookDuckdbPath } from '../global-setup.ts';

test('the setup funnel connects a local Chinook DuckDB file through the MotherDuck card', async ({
  page,
}) => {
  const name = `Chinook DuckDB ${test.info().testId.slice(0, 6)}`;

  await page.goto('/databases/new');
  await page.getByRole('button', { name: 'MotherDuck', exact: true }).click();
  await expect(page).toHaveURL(/[?&]engine=motherduck/);
  await expect(page.getByRole('heading', { name: 'Connect MotherDuck' })).toBeVisible();

  // The local file is an alternative to MotherDuck's token, folded away until asked for.
  const path = page.getByLabel('Local DuckDB file path');
  await expect(path).toBeHidden();
  await page.getByText('A local DuckDB file instead of MotherDuck').click();
  await path.fill(chinookDuckdbPath());
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Connection successful.' })).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/chat\/new$/);
  // Saving makes the new database the context.
  const id = await expectSelectedDatabase(page, name);

  const stored = await page.request.get(`/api/databases/${id}`);
  expect(await stored.json()).toMatchObject({
    engine: 'motherduck',
    name,
    details: { path: chinookDuckdbPath() },
  });

  // The schema browser finds Track by name, and opened it lists its columns.
  await openFromDatabaseList(page, name, 'MotherDuck', id);
  await page.getByRole('searchbox', { name: 'Search tables and columns' }).fill('track');
  const track = schemaTable(page, 'Track');
  await expect(track).toHaveCount(1);
  await expect(schemaTable(page, 'PlaylistTrack')).toHaveCount(1);
  await track.getByRole('button', { name: 'Track', exact: true }).click();
  await expect(track.getByTestId('schema-column').filter({ hasText: 'TrackId' })).toContainText('PK');
  await expect(track.getByTestId('schema-column').filter({ hasText: 'Milliseconds' })).toContainText(
    /integer/i,
  );

  // Queries run on the file's Chinook.
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
});
