import { expect, type Page, test } from '@playwright/test';
import { chinookSqlitePath } from '../global-setup.ts';

const demoName = 'Demo shop';

async function storedSelection(page: Page) {
  return page.evaluate(() => ({
    contextSelectedId: localStorage.getItem('contextSelectedId'),
    databaseId: localStorage.getItem('databaseId'),
    projectId: localStorage.getItem('projectId'),
  }));
}

test('the context selector switches between Demo shop and Chinook and keeps the choice across reloads', async ({
  page,
}) => {
  // Connected through the API: the funnel has its own tests; this one is about choosing.
  const chinookName = `Chinook ${test.info().testId.slice(0, 6)}`;
  const created = await page.request.post('/api/databases', {
    data: { name: chinookName, engine: 'sqlite', details: { filename: chinookSqlitePath() } },
  });
  expect(created.ok()).toBe(true);
  const chinookId = ((await created.json()) as { id: string }).id;
  const databases = (await (await page.request.get('/api/databases')).json()) as {
    id: string;
    name: string;
  }[];
  const demo = databases.find((database) => database.name === demoName);
  if (!demo) throw new Error('the server did not create its Demo shop database');

  await page.goto('/chat/new');
  const selector = page.getByTestId('context-selector');
  await expect(selector).toBeEnabled();
  await expect(selector.locator('option', { hasText: chinookName })).toHaveAttribute(
    'value',
    `database-${chinookId}`,
  );

  await selector.selectOption({ label: chinookName });
  await expect(selector).toHaveValue(`database-${chinookId}`);
  expect(await storedSelection(page)).toEqual({
    contextSelectedId: `database-${chinookId}`,
    databaseId: chinookId,
    projectId: null,
  });
  await page.reload();
  await expect(selector).toBeEnabled();
  await expect(selector).toHaveValue(`database-${chinookId}`);
  await expect(selector.locator('option:checked')).toHaveText(chinookName);

  await selector.selectOption({ label: demoName });
  await expect(selector).toHaveValue(`database-${demo.id}`);
  expect(await storedSelection(page)).toEqual({
    contextSelectedId: `database-${demo.id}`,
    databaseId: demo.id,
    projectId: null,
  });
  await page.reload();
  await expect(selector).toBeEnabled();
  await expect(selector).toHaveValue(`database-${demo.id}`);
});

test('a stored context that no longer exists falls back to the first one', async ({ page }) => {
  await page.goto('/chat/new');
  const selector = page.getByTestId('context-selector');
  await expect(selector).toBeEnabled();
  const first = await selector.locator('option').first().getAttribute('value');
  await page.evaluate(() => {
    localStorage.setItem('contextSelectedId', 'database-gone');
    localStorage.setItem('databaseId', 'gone');
  });
  await page.reload();
  await expect(selector).toBeEnabled();
  await expect(selector).toHaveValue(first ?? '');
  await expect.poll(() => storedSelection(page)).toMatchObject({ contextSelectedId: first });
});
