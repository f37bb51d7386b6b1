import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { openServerStore } from '../store.ts';

/** The Demo shop's id: the database the app selects on a fresh data directory. */
async function demoShopId(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const response = await request.get('/api/databases');
  const databases = (await response.json()) as { id: string; name: string }[];
  const demo = databases.find((database) => database.name === 'Demo shop');
  if (!demo) throw new Error('the Demo shop database is missing');
  return demo.id;
}

test('a database’s memory page: approve what the analyst saved, add, edit and delete facts', async ({
  page,
}) => {
  const databaseId = await demoShopId(page.request);
  const tag = test.info().testId.slice(0, 6);
  const saved = `orders.status 'returned' means refunded (${tag})`;
  // A fact as the analyst's save_memory leaves it: pending, from a conversation now gone.
  const store = openServerStore();
  const now = new Date().toISOString();
  try {
    store
      .prepare(
        "INSERT INTO memories (id, database_id, content, status, source, created_at, updated_at) VALUES (?, ?, ?, 'pending', 'model', ?, ?)",
      )
      .run(randomUUID(), databaseId, saved, now, now);
  } finally {
    store.close();
  }

  await page.goto(`/databases/${databaseId}`);
  await page.getByRole('link', { name: 'Memory' }).click();
  await expect(page).toHaveURL(new RegExp(`/databases/${databaseId}/memory$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Memory' })).toBeVisible();

  const waiting = page.getByRole('region', { name: 'Waiting for approval' });
  const inUse = page.getByRole('region', { name: 'In use' });
  const pending = waiting.getByRole('listitem', { name: `Pending fact: ${saved}` });
  await expect(pending).toContainText('Saved by the analyst');
  await pending.getByRole('button', { name: 'Approve' }).click();
  await expect(inUse.getByRole('listitem', { name: `Fact: ${saved}` })).toBeVisible();
  await expect(waiting).toHaveCount(0);

  const written = `Amounts are in euros (${tag})`;
  await page.getByLabel('New fact').fill(written);
  await page.getByRole('button', { name: 'Add fact' }).click();
  const mine = inUse.getByRole('listitem', { name: `Fact: ${written}` });
  await expect(mine).toContainText('Written by a person');
  await expect(page.getByLabel('New fact')).toHaveValue('');

  await mine.getByRole('button', { name: 'Edit' }).click();
  const edited = `Amounts are in euros, tax included (${tag})`;
  await mine.getByLabel('Fact').fill(edited);
  await mine.getByRole('button', { name: 'Save' }).click();
  const changed = inUse.getByRole('listitem', { name: `Fact: ${edited}` });
  await expect(changed).toBeVisible();

  await changed.getByRole('button', { name: 'Delete' }).click();
  await expect(changed).toHaveCount(0);
  await page.reload();
  await expect(inUse.getByRole('listitem', { name: `Fact: ${saved}` })).toBeVisible();
  await expect(inUse.getByRole('listitem', { name: `Fact: ${edited}` })).toHaveCount(0);
});
