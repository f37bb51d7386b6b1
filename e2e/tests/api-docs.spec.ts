import { expect, test } from '@playwright/test';

test('the API docs page renders the OpenAPI description', async ({ page }) => {
  await page.goto('/api/docs');
  // The first spec to run, while the servers warm up: the UI renders every route of the description.
  await expect(page.getByText('/api/user').first()).toBeVisible({ timeout: 45_000 });
});

test('an unknown /api path answers the JSON error shape, not the app', async ({ request }) => {
  const response = await request.get('/api/no-such-route');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
});
