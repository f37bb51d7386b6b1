import { expect, test } from '@playwright/test';
import { expectSelectedDatabase, openFromDatabaseList, schemaTable } from '../funnel.ts';
import { bigqueryFake, bigqueryServiceAccount } from '../fake-engines.ts';

// Chinook's tables as the fake's dataset holds them, with the SQLite file's names.
const chinookTables = [
  'Album',
  'Artist',
  'Customer',
  'Employee',
  'Genre',
  'Invoice',
  'InvoiceLine',
  'MediaType',
  'Playlist',
  'PlaylistTrack',
  'Track',
];

test('the setup funnel connects BigQuery with a service account key and browses and queries Chinook', async ({
  page,
}) => {
  const name = `Chinook BigQuery ${test.info().testId.slice(0, 6)}`;

  await page.goto('/setup');
  await page.getByRole('button', { name: 'BigQuery', exact: true }).click();
  await expect(page).toHaveURL(/[?&]engine=bigquery/);
  await expect(page.getByRole('heading', { name: 'Connect BigQuery' })).toBeVisible();

  // The server reaches BigQuery and Google's token exchange through BIGQUERY_API_ENDPOINT and
  // BIGQUERY_TOKEN_URL (the fake); the user pastes a key file as they would for Google.
  await page.getByLabel('Project ID').fill(bigqueryFake.projectId);
  await page.getByLabel('Service account key (JSON)').fill(bigqueryServiceAccount());
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Connection successful.' })).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/chat\/new$/);
  // Saving makes the new database the context.
  const id = await expectSelectedDatabase(page, name);

  // Stored with its project; the key never comes back.
  const stored = await page.request.get(`/api/databases/${id}`);
  expect(await stored.json()).toMatchObject({
    engine: 'bigquery',
    name,
    details: { project_id: bigqueryFake.projectId },
  });
  expect(JSON.stringify(await stored.json())).not.toContain('PRIVATE KEY');

  // The schema browser lists the dataset's tables, read through the BigQuery API.
  await openFromDatabaseList(page, name, 'BigQuery', id);
  await expect(page.getByText(`${chinookTables.length} tables`, { exact: true })).toBeVisible();
  for (const table of chinookTables) await expect(schemaTable(page, table)).toHaveCount(1);
  const track = schemaTable(page, 'Track');
  await track.getByRole('button', { name: 'Track', exact: true }).click();
  await expect(track.getByTestId('schema-column').filter({ hasText: 'Milliseconds' })).toContainText(
    /int64/i,
  );

  // Queries run as BigQuery jobs on the fake's Chinook.
  const count = await page.request.post('/api/query/_run', {
    data: { databaseId: id, query: `SELECT count(*) AS tracks FROM ${bigqueryFake.dataset}.Track` },
  });
  expect(count.ok(), await count.text()).toBe(true);
  expect(await count.json()).toMatchObject({
    columns: [{ name: 'tracks' }],
    rows: [[3503]],
    count: 1,
    truncated: false,
  });
});
