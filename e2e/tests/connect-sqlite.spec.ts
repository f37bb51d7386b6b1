import { expect, test } from '@playwright/test';
import { schemaTable } from '../funnel.ts';
import { chinookSqlitePath } from '../global-setup.ts';

// Track's columns as the Chinook SQLite file defines them.
const trackColumns = [
  'TrackId',
  'Name',
  'AlbumId',
  'MediaTypeId',
  'GenreId',
  'Composer',
  'Milliseconds',
  'Bytes',
  'UnitPrice',
];

test('the setup funnel connects the Chinook SQLite file and its schema can be searched', async ({ page }) => {
  const name = `Chinook SQLite ${test.info().testId.slice(0, 6)}`;

  await page.goto('/databases/new');
  await expect(page.getByText('Step 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'SQLite', exact: true }).click();
  await expect(page).toHaveURL(/[?&]engine=sqlite/);
  await expect(page.getByRole('heading', { name: 'Connect SQLite' })).toBeVisible();

  await page.getByLabel('File path').fill(chinookSqlitePath());
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Connection successful.' })).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/chat\/new$/);
  // Saving makes the new database the context: the selector shows it and the stored ids follow.
  const selector = page.getByTestId('context-selector');
  await expect(selector.locator('option:checked')).toHaveText(name);
  const selected = await selector.inputValue();
  expect(selected).toMatch(/^database-/);
  expect(await page.evaluate(() => localStorage.getItem('contextSelectedId'))).toBe(selected);
  expect(await page.evaluate(() => localStorage.getItem('databaseId'))).toBe(
    selected.slice('database-'.length),
  );

  await page.goto('/databases');
  const list = page.getByRole('list', { name: 'Databases' });
  const entry = list.getByRole('link').filter({ hasText: name });
  await expect(entry).toContainText('SQLite');
  await entry.click();
  await expect(page).toHaveURL(`/databases/${selected.slice('database-'.length)}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Search by column name: only Track has Milliseconds, shown without opening the table.
  const search = page.getByRole('searchbox', { name: 'Search tables and columns' });
  await search.fill('milliseconds');
  await expect(page.getByText('1 table matches “milliseconds”')).toBeVisible();
  await expect(page.getByTestId('schema-table')).toHaveCount(1);
  await expect(schemaTable(page, 'Track').getByTestId('schema-column')).toHaveText([/Milliseconds/]);

  // Search by table name: Track and the tables whose names contain it.
  await search.fill('track');
  await expect(page.getByText(/tables? match(es)? “track”/)).toBeVisible();
  const track = schemaTable(page, 'Track');
  await expect(track).toHaveCount(1);
  await expect(schemaTable(page, 'PlaylistTrack')).toHaveCount(1);
  // Opened, the table lists every column with its type.
  await track.getByRole('button', { name: 'Track', exact: true }).click();
  const columns = track.getByTestId('schema-column');
  await expect(columns).toHaveCount(trackColumns.length);
  for (const [index, column] of trackColumns.entries()) {
    await expect(columns.nth(index)).toContainText(column);
  }
  await expect(columns.filter({ hasText: 'TrackId' })).toContainText('PK');
  await expect(columns.filter({ hasText: 'Milliseconds' })).toContainText(/integer/i);
});
