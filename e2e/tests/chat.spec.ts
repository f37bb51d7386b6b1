import { expect, type Page, test } from '@playwright/test';
import { expectConnected } from '../funnel.ts';

/*
 * The chat against the real server and its built-in offline analyst (no LLM configured). The
 * analyst's wording is not ours to test here: these check the structure a user sees.
 */

declare global {
  interface Window {
    /** Every distinct value the chat's status line took, in order (recorded by an init script). */
    chatStatuses: string[];
  }
}

/** Records the status line's changes, so a running phase too short to catch by polling still shows. */
async function recordStatuses(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.chatStatuses = [];
    const record = () => {
      const status = document.querySelector('[data-testid="chat-status"]')?.getAttribute('data-status');
      if (status && window.chatStatuses.at(-1) !== status) window.chatStatuses.push(status);
    };
    new MutationObserver(record).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-status'],
    });
  });
}

/**
 * The `status` events the server sent, read from the socket's long-polling responses: several
 * events can arrive in one response and render as one, so the screen alone may skip `running`.
 */
function recordStatusEvents(page: Page): string[] {
  const events: string[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/socket.io/') || response.request().method() !== 'GET') return;
    response
      .text()
      .then((body) => {
        for (const match of body.matchAll(/\["status",(\{[^}]*\})\]/g)) {
          events.push((JSON.parse(match[1] ?? '{}') as { status?: string }).status ?? '');
        }
      })
      .catch(() => undefined);
  });
  return events;
}

async function openNewChatOnDemo(page: Page): Promise<void> {
  await recordStatuses(page);
  await page.goto('/chat/new');
  const selector = page.getByTestId('context-selector');
  await expect(selector).toBeEnabled();
  await selector.selectOption({ label: 'Demo shop' });
  await expectConnected(page);
}

async function ask(page: Page, question: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Question' });
  await input.fill(question);
  await input.press('Enter');
}

async function runSql(page: Page, sql: string): Promise<void> {
  await page.getByRole('button', { name: 'SQL', exact: true }).click();
  const editor = page.getByRole('textbox', { name: 'SQL to run' });
  await editor.click();
  // insertText: typed brackets and quotes would be doubled by CodeMirror's auto-closing.
  await page.keyboard.insertText(sql);
  await page.keyboard.press('ControlOrMeta+Enter');
}

const statusLine = (page: Page) => page.getByTestId('chat-status');

test('a question gets an answer with a result table; the status goes running then clear', async ({
  page,
}) => {
  const statusEvents = recordStatusEvents(page);
  await openNewChatOnDemo(page);
  await ask(page, 'How many customers are there?');

  await expect(page).toHaveURL(/\/chat\/[^/]+$/);
  await expect(page.getByTestId('user-message')).toHaveText(/How many customers are there\?/);
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toBeVisible();
  await expect(statusLine(page)).toHaveAttribute('data-status', 'clear');
  // The server said running, then clear, and the screen ended clear. Whether the screen ever drew
  // the busy state is a race with a fast offline answer (React may batch it away); the stop test
  // below sees it on a slow query.
  await expect.poll(() => statusEvents.join(' ')).toMatch(/running.*clear$/);
  const shown = await page.evaluate(() => window.chatStatuses);
  expect(shown.at(-1)).toBe('clear');
  // The conversation is listed in the sidebar, named from its first question.
  await expect(page.getByRole('region', { name: 'Conversations' }).getByRole('link').first()).toBeVisible();
  // The analyst's answer embeds the query it ran.
  await expect(answer.getByTestId('result-table')).toBeVisible();
});

test('SQL mode runs the SQL as it is and shows its result', async ({ page }) => {
  await openNewChatOnDemo(page);
  await runSql(page, 'SELECT 40 + 2 AS answer, count(*) AS customers FROM customers');

  await expect(page).toHaveURL(/\/chat\/[^/]+$/);
  // The user's SQL is shown pretty-printed, its result right under it.
  await expect(page.getByTestId('user-message').getByTestId('sql-block')).toContainText('SELECT');
  const result = page.getByTestId('sql-result').getByTestId('result-table');
  await expect(result).toBeVisible();
  await expect(result).toContainText('answer');
  await expect(result).toContainText('42');
  await expect(statusLine(page)).toHaveAttribute('data-status', 'clear');
});

test('Stop ends a slow query and the chat takes questions again', async ({ page }) => {
  await openNewChatOnDemo(page);
  // Counts to a billion in a recursive CTE: far longer than the test, unless it is stopped.
  await runSql(
    page,
    'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000000000) SELECT count(*) FROM n',
  );
  await expect(statusLine(page)).toHaveAttribute('data-status', 'running');
  const started = Date.now();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(statusLine(page)).toHaveAttribute('data-status', 'clear', { timeout: 15_000 });
  expect(Date.now() - started).toBeLessThan(15_000);
  await expect(page.getByRole('button', { name: 'Run' })).toBeVisible();

  // The conversation answers again after the stop.
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await ask(page, 'How many orders are there?');
  await expect(
    page.getByTestId('user-message').filter({ hasText: 'How many orders are there?' }),
  ).toBeVisible();
  await expect(statusLine(page)).toHaveAttribute('data-status', 'clear');
});

test('edit and resend replaces the messages after the edited question', async ({ page }) => {
  await openNewChatOnDemo(page);
  await ask(page, 'How many customers are there?');
  const firstAnswer = page.getByTestId('assistant-message').last();
  await expect(firstAnswer).toBeVisible();
  await expect(statusLine(page)).toHaveAttribute('data-status', 'clear');
  const firstAnswerId = await firstAnswer.getAttribute('data-message-id');
  expect(firstAnswerId).toBeTruthy();

  const question = page.getByTestId('user-message');
  await question.getByRole('button', { name: 'Edit' }).click();
  await question.getByRole('textbox', { name: 'Edit message' }).fill('How many products are there?');
  await question.getByRole('button', { name: 'Save and resend' }).click();

  await expect(page.locator(`[data-message-id="${firstAnswerId}"]`)).toHaveCount(0);
  await expect(page.getByTestId('user-message')).toHaveCount(1);
  await expect(page.getByTestId('user-message')).toHaveText(/How many products are there\?/);
  await expect(page.getByTestId('assistant-message')).toHaveCount(1);
  await expect(statusLine(page)).toHaveAttribute('data-status', 'clear');
  await expect(page.getByTestId('assistant-message')).not.toHaveAttribute(
    'data-message-id',
    firstAnswerId ?? '',
  );
});

test.describe('numbers read for people', () => {
  // The demo's top product by revenue adds up to 62274.630000000005 in floating point.
  const question = 'What are the top 5 products by revenue?';

  async function revenueCell(page: Page) {
    await openNewChatOnDemo(page);
    await ask(page, question);
    const answer = page.getByTestId('assistant-message').last();
    await expect(statusLine(page)).toHaveAttribute('data-status', 'clear');
    const table = answer.getByTestId('result-table');
    await expect(table.getByRole('columnheader', { name: /sum_unit_price_x_quantity/ })).toBeVisible();
    // The first row's revenue: the product name, then its total.
    return { answer, cell: table.getByRole('row').nth(1).getByRole('gridcell').nth(1) };
  }

  test('the demo’s top revenue reads 62,274.63 in the answer and the table; copy keeps the exact value', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { answer, cell } = await revenueCell(page);
    await expect(answer).toContainText('comes first with 62,274.63');
    await expect(cell).toHaveText('62,274.63');
    await expect(cell).toHaveAttribute('title', '62274.630000000005');
    await cell.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Copy cell' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('62274.630000000005');
  });

  test.describe('in a German browser', () => {
    test.use({ locale: 'de-DE' });

    test('the table reads the reader’s locale, the stored answer stays as written', async ({ page }) => {
      const { answer, cell } = await revenueCell(page);
      await expect(cell).toHaveText('62.274,63');
      await expect(answer).toContainText('comes first with 62,274.63');
    });
  });
});
