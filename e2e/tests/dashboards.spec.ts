import { expect, type Locator, test } from '@playwright/test';
import { expectConnected } from '../funnel.ts';

/*
 * Pin to dashboard, against the real server and its offline analyst on the Demo shop: an answer's
 * table is pinned to a new dashboard, which shows the same rows, run again for the viewer; dragged
 * with the pointer it keeps its new place; on a phone it takes the whole width.
 */

/** Every cell of a results grid, row by row, as the reader sees them. */
async function cellTexts(grid: Locator): Promise<string[][]> {
  const rows = grid.getByRole('row').filter({ has: grid.page().getByRole('gridcell') });
  const count = await rows.count();
  const texts: string[][] = [];
  for (let index = 0; index < count; index += 1) {
    texts.push(await rows.nth(index).getByRole('gridcell').allInnerTexts());
  }
  return texts;
}

test('an answer pinned to a new dashboard shows there with the same rows', async ({ page }) => {
  await page.goto('/chat/new');
  const selector = page.getByTestId('context-selector');
  await expect(selector).toBeEnabled();
  await selector.selectOption({ label: 'Demo shop' });
  await expectConnected(page);
  const question = 'What are the top 5 products by revenue?';
  const input = page.getByRole('textbox', { name: 'Question' });
  await input.fill(question);
  await input.press('Enter');

  const answer = page.getByTestId('assistant-message').last();
  const answerGrid = answer.getByTestId('result-table').getByRole('grid');
  await expect(answerGrid.getByRole('row').filter({ has: page.getByRole('gridcell') })).toHaveCount(5);
  const answerRows = await cellTexts(answerGrid);

  await answer.getByRole('button', { name: 'Pin to dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pin to dashboard' });
  await expect(dialog.getByRole('textbox', { name: 'Tile title' })).toHaveValue(question);
  await dialog.getByRole('radio', { name: 'A new dashboard' }).check();
  const name = `Revenue ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'New dashboard’s name' }).fill(name);
  await dialog.getByRole('button', { name: 'Pin' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Pinned to ${name}`)).toBeVisible();
  await page.getByRole('button', { name: 'Open dashboard' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const tile = page.getByRole('region', { name: question });
  const tileGrid = tile.getByRole('grid', { name: question });
  await expect(tileGrid.getByRole('row').filter({ has: page.getByRole('gridcell') })).toHaveCount(5);
  expect(await cellTexts(tileGrid)).toEqual(answerRows);
  await expect(tile.getByText(/^Computed /)).toBeVisible();

  // Dragged by its handle to the right half of the grid, it stays there once saved and reloaded.
  const grid = page.getByTestId('dashboard-grid');
  const gridBox = await grid.boundingBox();
  const handle = tile.getByTestId('tile-drag-handle');
  const handleBox = await handle.boundingBox();
  if (!gridBox || !handleBox) throw new Error('The grid is not laid out');
  const from = { x: handleBox.x + handleBox.width / 2, y: handleBox.y + handleBox.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + gridBox.width / 4, from.y, { steps: 5 });
  await page.mouse.move(from.x + gridBox.width / 2, from.y, { steps: 5 });
  await page.mouse.up();
  await expect(tile).toHaveAttribute('data-layout', '6,0,6,4');
  await page.reload();
  await expect(page.getByRole('region', { name: question })).toHaveAttribute('data-layout', '6,0,6,4');

  // It is in the list, with its one tile.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboards' }).click();
  await expect(
    page.getByRole('list', { name: 'Dashboards' }).getByRole('listitem').filter({ hasText: name }),
  ).toContainText('1 tile');
  await page.getByRole('link', { name }).click();

  // On a phone every tile takes the whole width of the page's one column.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(tileGrid).toBeVisible();
  const [phoneGrid, phoneTile] = await Promise.all([grid.boundingBox(), tile.boundingBox()]);
  expect(phoneTile?.width).toBeCloseTo(phoneGrid?.width ?? 0, 0);
});
