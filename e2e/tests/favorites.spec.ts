import { expect, test } from '@playwright/test';

/** The Demo shop's id: the database the app selects on a fresh data directory. */
async function demoShopId(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const response = await request.get('/api/databases');
  const databases = (await response.json()) as { id: string; name: string }[];
  const demo = databases.find((database) => database.name === 'Demo shop');
  if (!demo) throw new Error('the Demo shop database is missing');
  return demo.id;
}

test('favourites show a starred query with its last result; Run again refreshes it; unstar removes it', async ({
  page,
}) => {
  const databaseId = await demoShopId(page.request);
  const title = `Categories ${test.info().testId.slice(0, 6)}`;
  const created = await page.request.post('/api/query', {
    data: { title, sql: 'SELECT category_id, name FROM categories ORDER BY category_id', databaseId },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await page.request.post(`/api/query/${id}/run`)).ok()).toBe(true);
  expect((await page.request.put(`/api/query/${id}/favorite`, { data: { is_favorite: true } })).ok()).toBe(
    true,
  );

  await page.goto('/favorites');
  await page.getByTestId('context-selector').selectOption(`database-${databaseId}`);
  const card = page.getByRole('article', { name: title });
  await expect(card.getByRole('grid')).toBeVisible();
  await expect(card.getByRole('grid').getByRole('columnheader')).toHaveText(['#', 'category_id', 'name']);

  const rerun = page.waitForResponse((response) => response.url().endsWith(`/api/query/${id}/run`));
  await card.getByRole('button', { name: 'Run again' }).click();
  expect((await rerun).ok()).toBe(true);
  await expect(card.getByText('Ran just now')).toBeVisible();

  await card.getByRole('link', { name: 'Open in editor' }).click();
  await expect(page).toHaveURL(new RegExp(`/query/${id}$`));
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByRole('button', { name: 'Unstar', exact: true })).toBeVisible();

  await page.goBack();
  await page.getByRole('button', { name: `Unstar ${title}` }).click();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
});
