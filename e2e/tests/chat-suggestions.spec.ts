import { expect, test } from '@playwright/test';
import { expectConnected } from '../funnel.ts';

/*
 * The question box suggests the Demo shop's terms as one types, from its semantic model (or,
 * before anyone saved one, from a model proposed from its schema): a partial word opens the list,
 * the arrows pick a term and Enter puts it in place of the typed words, without sending.
 */

test('typing part of a term on the Demo shop suggests it, and the keyboard inserts it', async ({ page }) => {
  await page.goto('/chat/new');
  const selector = page.getByTestId('context-selector');
  await expect(selector).toBeEnabled();
  await selector.selectOption({ label: 'Demo shop' });
  await expectConnected(page);

  const input = page.getByRole('textbox', { name: 'Question' });
  await input.click();
  await input.pressSequentially('Customers by sign');
  const list = page.getByRole('listbox', { name: 'Suggested terms' });
  await expect(list).toBeVisible();
  await expect(input).toHaveAttribute('aria-controls', (await list.getAttribute('id')) ?? '');

  // The customers' signup date is a time dimension; step down to it with the arrows.
  const options = list.getByRole('option');
  await expect(options.filter({ hasText: /^Signup dateDimension of Customer, by day/ })).toBeVisible();
  const texts = await options.allTextContents();
  const target = texts.findIndex((text) => text.startsWith('Signup dateDimension of Customer'));
  expect(target, texts.join(' | ')).toBeGreaterThanOrEqual(0);
  for (let step = 0; step <= target; step += 1) await input.press('ArrowDown');
  const chosen = options.nth(target);
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await chosen.getAttribute('id')) ?? '');

  await input.press('Enter');
  await expect(input).toHaveValue('Customers by signup date ');
  await expect(list).toHaveCount(0);
  // Inserting is not sending: the new chat has no message yet.
  await expect(page.getByTestId('user-message')).toHaveCount(0);

  // Escape closes a list that opens again.
  await input.pressSequentially('and stat');
  await expect(list).toBeVisible();
  await input.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(input).toHaveValue('Customers by signup date and stat');
});
