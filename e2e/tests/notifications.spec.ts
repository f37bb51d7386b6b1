import { expect, test } from '@playwright/test';

test('a failed load shows a red notification that closes by itself', async ({ page }) => {
  await page.goto('/query/does-not-exist');
  const card = page.getByTestId('notifications').getByRole('alert');
  await expect(card).toBeVisible();
  // Closes after the default 3000 ms without anyone touching it.
  await expect(card).toHaveCount(0, { timeout: 8000 });
});
