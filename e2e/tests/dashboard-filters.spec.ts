import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectConnected } from '../funnel.ts';

/*
 * Done when of issue #21, on one local instance: three answers from the chat pinned to a new
 * dashboard, one date filter added that drives all three (each tile follows it by its own
 * ordered_at column), changed and followed by every tile; then a public link opened in a fresh
 * browser context, a stranger's, which sees that dashboard read-only with the filter of its
 * address, until the link is revoked.
 */

const questions = [
  'Show the 10 most recent orders',
  'Show the 10 most recent cancelled orders',
  'Show the 10 most recent returned orders',
] as const;

/**
 * The texts of one column of a tile's grid, read in one go: rows counted first and read one by one
 * could vanish in between when the tile reruns, and reading a vanished row waits forever.
 */
async function columnTexts(tile: Locator, column: number): Promise<string[]> {
  return tile
    .getByRole('row')
    .filter({ has: tile.page().getByRole('gridcell') })
    .evaluateAll(
      (rows, at) => rows.map((row) => row.querySelectorAll('[role="gridcell"]')[at]?.textContent ?? ''),
      column,
    );
}

async function ask(page: Page, question: string): Promise<Locator> {
  const messages = page.getByTestId('assistant-message');
  const before = await messages.count();
  const input = page.getByRole('textbox', { name: 'Question' });
  await input.fill(question);
  await input.press('Enter');
  // This question's answer, not the one before it.
  await expect(messages).toHaveCount(before + 1);
  const answer = messages.nth(before);
  await expect(answer.getByTestId('result-table').getByRole('grid').getByRole('row')).not.toHaveCount(0);
  return answer;
}

async function pin(
  page: Page,
  answer: Locator,
  question: string,
  dashboard: { name: string; isNew: boolean },
) {
  await answer.getByRole('button', { name: 'Pin to dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pin to dashboard' });
  if (dashboard.isNew) {
    await dialog.getByRole('radio', { name: 'A new dashboard' }).check();
    await dialog.getByRole('textbox', { name: 'New dashboard’s name' }).fill(dashboard.name);
  } else {
    await dialog.getByRole('radio', { name: dashboard.name }).check();
  }
  await expect(dialog.getByRole('textbox', { name: 'Tile title' })).toHaveValue(question);
  await dialog.getByRole('button', { name: 'Pin' }).click();
  await expect(dialog).toBeHidden();
}

test('three pinned answers follow one date filter, and a stranger sees them through a public link', async ({
  page,
  browser,
}) => {
  await page.goto('/chat/new');
  const selector = page.getByTestId('context-selector');
  await expect(selector).toBeEnabled();
  await selector.selectOption({ label: 'Demo shop' });
  await expectConnected(page);
  const name = `Orders ${Date.now()}`;
  for (const [index, question] of questions.entries()) {
    await pin(page, await ask(page, question), question, { name, isNew: index === 0 });
  }
  await page.getByRole('button', { name: 'Open dashboard' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const tiles = questions.map((question) => page.getByRole('region', { name: question }));
  for (const tile of tiles)
    await expect(tile.getByRole('row').filter({ has: page.getByRole('gridcell') })).toHaveCount(10);

  // One date filter, every tile bound to its ordered_at column (the one that looks like a date).
  await page.getByRole('button', { name: 'Add a filter' }).click();
  const form = page.getByRole('form', { name: 'Add a filter' });
  await form.getByRole('textbox', { name: /Filter name/ }).fill('Ordered');
  for (const question of questions) {
    await expect(form.getByRole('combobox', { name: `${question} follows it by` })).toHaveValue('ordered_at');
  }
  await form.getByRole('button', { name: 'Add the filter' }).click();
  const filters = page.getByRole('region', { name: 'Filters' });
  await expect(filters.getByRole('group', { name: 'Ordered' })).toBeVisible();

  // Shared with the organisation, as a colleague would see it.
  await page.getByRole('button', { name: 'Share with my organisation' }).click();
  await expect(page.getByRole('button', { name: 'Shared with my organisation' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // From the latest day all three tiles reach to the end of 2024: each keeps only its rows in it.
  const latest = async (tile: Locator) => ((await columnTexts(tile, 2))[0] ?? '').slice(0, 10);
  const from =
    [
      await latest(page.getByRole('region', { name: questions[1] })),
      await latest(page.getByRole('region', { name: questions[2] })),
    ].sort()[0] ?? '';
  const to = '2024-12-31';
  expect(from).toMatch(/^2024-12-\d\d$/);
  await filters.getByLabel('From').fill(from);
  await filters.getByLabel('To').fill(to);
  await expect(page).toHaveURL(new RegExp(`f\\.ordered=${from}\\.\\.${to}`));
  /** Each tile's days, once all are within the range and some tile lost rows to it. */
  const followed = async (shown: Locator[], range: [string, string]) => {
    await expect(async () => {
      const perTile = await Promise.all(
        shown.map(async (tile) => (await columnTexts(tile, 2)).map((text) => text.slice(0, 10))),
      );
      for (const days of perTile) {
        expect(days.length).toBeGreaterThan(0);
        for (const day of days) expect(day >= range[0] && day <= range[1], day).toBe(true);
      }
      expect(perTile.some((days) => days.length < 10)).toBe(true);
    }).toPass();
  };
  await followed(tiles, [from, to]);
  // Narrowed to its last day, the tile of all orders keeps its ten (all of that day), the others none of theirs.
  await filters.getByLabel('From').fill(to);
  await expect(page.getByRole('region', { name: questions[1] }).getByText('No rows.')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: questions[0] })
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell') }),
  ).toHaveCount(10);
  await filters.getByLabel('From').fill(from);
  await followed(tiles, [from, to]);

  // A public link, opened by a stranger in a browser context of their own.
  await page.getByRole('button', { name: 'Public links' }).click();
  const links = page.getByRole('region', { name: 'Public links' });
  await links.getByRole('button', { name: 'Make a public link' }).click();
  const url = await links.getByRole('textbox').inputValue();
  expect(url).toMatch(/\/public\/dashboards\/[A-Za-z0-9_-]{43}$/);

  const stranger = await browser.newContext();
  try {
    const view = await stranger.newPage();
    await view.goto(`${url}?f.ordered=${from}..${to}`);
    await expect(view.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(view.getByText('Shared through a public link, read-only')).toBeVisible();
    await followed(
      questions.map((question) => view.getByRole('region', { name: question })),
      [from, to],
    );
    await expect(view.getByRole('button', { name: 'Add a tile' })).toHaveCount(0);
    await expect(view.getByRole('button', { name: 'Public links' })).toHaveCount(0);
    await expect(view.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

    // Revoked, the link is gone for the stranger.
    await links.getByRole('list', { name: 'Links' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(links.getByRole('list', { name: 'Links' })).toHaveCount(0);
    await view.reload();
    await expect(view.getByRole('alert')).toContainText('has expired or was revoked');
  } finally {
    await stranger.close();
  }
});
