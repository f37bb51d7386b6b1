import { writeFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';

const regions = ['north', 'south', 'east', 'west'];
const saleCount = 250;

/** A small sales CSV written at test time; its totals are known, so the query can be checked. */
async function writeSalesCsv(path: string): Promise<{ total: number }> {
  const lines = ['id,region,amount,sold_on'];
  let total = 0;
  for (let id = 1; id <= saleCount; id++) {
    const amount = id * 3;
    total += amount;
    const day = String((id % 28) + 1).padStart(2, '0');
    lines.push(`${id},${regions[id % regions.length] ?? 'north'},${amount},2026-02-${day}`);
  }
  await writeFile(path, `${lines.join('\n')}\n`);
  return { total };
}

async function uploadDatabaseCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/uploads');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { databases: unknown[] }).databases.length;
}

/** Holds POST /api/uploads until released, so the progress card can be seen before the answer. */
async function holdUploads(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/uploads', async (route) => {
    if (route.request().method() === 'POST') await released;
    await route.continue();
  });
  return release;
}

test('an uploaded CSV becomes the selected database and a table that answers SQL', async ({ page }) => {
  const csv = test.info().outputPath('sales.csv');
  const { total } = await writeSalesCsv(csv);

  await page.goto('/upload');
  await page.getByLabel('File to upload').setInputFiles(csv);
  await expect(page.getByTestId('drop-zone')).toContainText('sales.csv');
  const release = await holdUploads(page);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  // While the request is out, a sticky card shows the progress with its bar.
  const notifications = page.getByTestId('notifications');
  const progress = notifications.getByRole('status').filter({ hasText: 'Uploading file... (' });
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('progressbar')).toBeVisible();
  release();

  await expect(progress).toHaveCount(0);
  await expect(notifications.getByRole('status').filter({ hasText: 'Uploaded sales.csv' })).toContainText(
    `Table sales: ${saleCount} rows`,
  );
  const result = page.getByRole('region', { name: 'Upload result' });
  await expect(result).toContainText(`Table sales is ready in`);
  await expect(result.getByRole('list', { name: 'Columns' }).getByRole('listitem')).toHaveText([
    /^id /,
    /^region /,
    /^amount /,
    /^sold_on /,
  ]);

  // The upload database is the context now.
  const selector = page.getByTestId('context-selector');
  await expect(selector).toHaveValue(/^database-/);
  const databaseId = (await selector.inputValue()).slice('database-'.length);
  const uploads = (await (await page.request.get('/api/uploads')).json()) as {
    databases: { id: string; name: string }[];
  };
  const database = uploads.databases.find((candidate) => candidate.id === databaseId);
  expect(database, 'the selected context is the new upload database').toBeDefined();
  await expect(selector.locator('option:checked')).toHaveText(database?.name ?? '');

  const run = await page.request.post('/api/query/_run', {
    data: {
      databaseId,
      query: `SELECT count(*) AS sales, sum(amount) AS total, count(DISTINCT region) AS regions,
                     max(sold_on) AS last_day
                FROM sales`,
    },
  });
  expect(run.ok(), await run.text()).toBe(true);
  const body = (await run.json()) as { columns: { name: string }[]; rows: unknown[][] };
  // Each row's cells come in the order of the columns.
  expect(body.columns.map((column) => column.name)).toEqual(['sales', 'total', 'regions', 'last_day']);
  expect(body.rows).toHaveLength(1);
  const [sales, sum, regionCount, lastDay] = body.rows[0] ?? [];
  expect(Number(sales)).toBe(saleCount);
  expect(Number(sum)).toBe(total);
  expect(Number(regionCount)).toBe(regions.length);
  // Typed as a date when loaded, not kept as text.
  expect(String(lastDay)).toMatch(/^2026-02-28/);
});

test('a broken CSV gets the server’s reason and leaves no database behind', async ({ page }) => {
  const broken = test.info().outputPath('broken.csv');
  // The third line has one field where the header has two.
  await writeFile(broken, 'id,name\n1,first\n2\n3,third\n');

  await page.goto('/upload');
  const before = await uploadDatabaseCount(page);
  await page.getByLabel('File to upload').setInputFiles(broken);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  const reason = 'broken.csv could not be read as CSV';
  const card = page.getByTestId('notifications').getByRole('alert');
  await expect(card.filter({ hasText: 'Could not upload broken.csv' })).toContainText(reason);
  // The same reason stays on the page after the card closes.
  await expect(page.getByRole('main').getByRole('alert')).toContainText(reason);
  expect(await uploadDatabaseCount(page)).toBe(before);
});
