import { expect, test } from '@playwright/test';
import { expectConnected } from '../funnel.ts';

/*
 * Save as verified, against the real server and its offline analyst on the Demo shop: the query
 * an answer rests on is saved with the question it answers, marked verified, for the analyst to
 * reuse.
 */

test('Save as verified under an answer saves its query with the question, verified', async ({ page }) => {
  await page.goto('/chat/new');
  const selector = page.getByTestId('context-selector');
  await expect(selector).toBeEnabled();
  await selector.selectOption({ label: 'Demo shop' });
  await expectConnected(page);
  const question = 'How many products are there?';
  const input = page.getByRole('textbox', { name: 'Question' });
  await input.fill(question);
  await input.press('Enter');

  const answer = page.getByTestId('assistant-message').last();
  await expect(answer.getByTestId('result-table')).toBeVisible();
  await answer.getByRole('button', { name: 'Save as verified' }).click();
  await expect(answer.getByRole('button', { name: 'Saved as verified' })).toBeDisabled();
  await expect(page.getByText('Saved as a verified query')).toBeVisible();

  const listed = await page.request.get('/api/queries');
  expect(listed.ok()).toBe(true);
  const saved = ((await listed.json()) as { question: string | null; verified: boolean; sql: string }[]).find(
    (query) => query.question === question,
  );
  expect(saved).toMatchObject({ verified: true, question });
  expect(saved?.sql).toMatch(/count/i);
});
