import { expect, test } from '@playwright/test';

test('opening / lands on /chat/new with the page title and description', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/chat\/new$/);
  await expect(page).toHaveTitle('Querent');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Explore your data with Querent!',
  );
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('/logged redirects to the root and on to /chat/new', async ({ page }) => {
  await page.goto('/logged');
  await expect(page).toHaveURL(/\/chat\/new$/);
});

const routes = [
  '/welcome',
  '/login',
  '/setup',
  '/subscribe',
  '/chat/new',
  '/editor',
  '/upload',
  '/favorites',
  '/databases',
  '/databases/new',
  '/issues',
  '/privacy',
  '/projects',
  '/user',
  '/control',
  '/profile',
];

// One page opens every route in turn, each loaded whole as a deep link: after the first, the
// app's files come from the browser's cache, which saves loading the same bundle sixteen times.
test('every route renders its screen when opened directly', async ({ page }) => {
  test.setTimeout(180_000);
  for (const path of routes) {
    await test.step(path, async () => {
      const errors: string[] = [];
      const onError = (error: Error) => errors.push(error.message);
      page.on('pageerror', onError);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
      page.off('pageerror', onError);
      expect(errors, path).toEqual([]);
    });
  }
});
