import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { chinookPostgresServer } from '../global-setup.ts';

const server = chinookPostgresServer();

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** Selects the database as the context in the sidebar, as a user would. */
async function selectDatabase(page: Page, id: string) {
  await page.getByTestId('context-selector').selectOption(`database-${id}`);
  await expect(page.getByTestId('context-selector')).toHaveValue(`database-${id}`);
}

/** Waits for the completion list to offer `label` as its first choice, then takes it. */
async function acceptCompletion(page: Page, label: string) {
  const selected = page.locator('.cm-tooltip-autocomplete [aria-selected="true"]');
  await expect(selected).toContainText(label);
  // CodeMirror ignores Enter for 75 ms after the list changes, so a list that just changed under
  // the user's finger is not taken by accident; a person never types that fast.
  await page.waitForTimeout(150);
  await expect(selected).toContainText(label);
  await page.keyboard.press('Enter');
}

test.describe('SQL editor on PostgreSQL Chinook', () => {
  test.skip(server === null, 'PostgreSQL is not reachable on this machine');

  test('writes a join with completion, runs, sorts, saves, stars, exports CSV and saves a chart', async ({
    page,
  }) => {
    if (server === null) return;
    const created = await page.request.post('/api/databases', {
      data: {
        name: `Chinook editor ${test.info().testId.slice(0, 6)}`,
        engine: 'postgres',
        details: { ...server, password: '' },
      },
    });
    expect(created.ok()).toBe(true);
    const { id } = (await created.json()) as { id: string };

    await page.goto('/editor');
    await selectDatabase(page, id);
    await expect(page.getByTestId('editor-database')).toContainText('PostgreSQL');
    await expect(page.getByRole('button', { name: 'album', exact: true })).toBeVisible();

    // Type the join, taking the table and the aliased column from the completion list.
    const editor = page.getByRole('textbox', { name: 'SQL' });
    await editor.click();
    await page.keyboard.type('SELECT ar.name, count(*) AS albums FROM artist ar JOIN alb');
    await acceptCompletion(page, 'album');
    await page.keyboard.type(' al ON al.arti');
    await acceptCompletion(page, 'artist_id');
    await page.keyboard.type(' = ar.artist_id GROUP BY ar.name ORDER BY albums DESC, ar.name');
    const sql =
      'SELECT ar.name, count(*) AS albums FROM artist ar JOIN album al ON al.artist_id = ar.artist_id GROUP BY ar.name ORDER BY albums DESC, ar.name';
    await expect(editor).toHaveText(sql);

    await page.keyboard.press('ControlOrMeta+Enter');
    const grid = page.getByRole('grid', { name: 'Query results' });
    await expect(grid).toBeVisible();
    await expect(page.getByTestId('result-summary')).toContainText('204 rows');
    const firstRow = grid.getByRole('row').nth(1);
    await expect(firstRow.getByRole('gridcell')).toHaveText(['Iron Maiden', '21']);

    // Sort by the albums column: ascending, then descending.
    const albumsHeader = grid.getByRole('columnheader', { name: /albums/ });
    await albumsHeader.getByRole('button').click();
    await expect(albumsHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstRow.getByRole('gridcell').nth(1)).toHaveText('1');
    await albumsHeader.getByRole('button').click();
    await expect(albumsHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(firstRow.getByRole('gridcell').nth(1)).toHaveText('21');

    // Save: a new query moves to /query/{id}, and a reload brings the same query back.
    await page.getByLabel('Title').fill('Albums per artist');
    await expect(page.getByTestId('modified')).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/query\/[^/]+$/);
    await expect(page.getByTestId('modified')).toHaveCount(0);
    const queryId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.reload();
    await expect(page.getByLabel('Title')).toHaveValue('Albums per artist');
    await expect(page.getByRole('textbox', { name: 'SQL' })).toHaveText(sql);
    await expect(page.getByRole('grid', { name: 'Query results' })).toBeVisible();

    await page.getByRole('button', { name: 'Star', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Unstar', exact: true })).toBeVisible();

    // The CSV holds the whole result, as the database returns it.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Albums-per-artist-.*\.csv$/);
    const csv = parseCsv(await readFile(await file.path(), 'utf8'));
    const truth = await page.request.post('/api/query/_run', { data: { databaseId: id, query: sql } });
    const { columns, rows } = (await truth.json()) as {
      columns: { name: string }[];
      rows: [string, number][];
    };
    expect(columns.map((column) => column.name)).toEqual(['name', 'albums']);
    expect(csv[0]).toEqual(['name', 'albums']);
    expect(csv.slice(1)).toEqual(rows.map(([name, albums]) => [name, String(albums)]));
    await expect(page.getByText('CSV export ready')).toBeVisible();

    // A chart of the result, saved with a title and starred.
    await page.getByRole('tab', { name: 'Chart' }).click();
    const builder = page.getByRole('region', { name: 'Chart builder' });
    await expect(builder.getByLabel('X axis')).toHaveValue('name');
    await expect(builder.getByRole('checkbox', { name: 'albums' })).toBeChecked();
    await builder.getByRole('radio', { name: 'Pie' }).click();
    await expect(builder.locator('canvas').first()).toBeVisible();
    await builder.getByLabel('Chart title').fill('Albums share');
    await builder.getByRole('button', { name: 'Save as chart' }).click();
    await expect(page.getByText('Chart saved')).toBeVisible();
    await builder.getByRole('button', { name: 'Star chart' }).click();
    await expect(builder.getByRole('button', { name: 'Unstar chart' })).toBeVisible();
    const png = page.waitForEvent('download');
    await builder.getByRole('button', { name: 'Export PNG' }).click();
    expect((await png).suggestedFilename()).toBe('Albums-share.png');

    // Both appear on /favorites, previewed from their stored results.
    await page.getByRole('link', { name: 'Favorites' }).click();
    const queryCard = page.getByRole('article', { name: 'Albums per artist' });
    await expect(queryCard.getByRole('grid')).toContainText('Iron Maiden');
    await expect(queryCard.getByRole('link', { name: 'Open in editor' })).toHaveAttribute(
      'href',
      `/query/${queryId}`,
    );
    const chartCard = page.getByRole('article', { name: 'Albums share' });
    await expect(chartCard.locator('canvas').first()).toBeVisible();
  });
});

test.describe('SQL editor on the Demo shop', () => {
  test('runs the statement under the cursor, formats, reloads from history, and cancels', async ({
    page,
  }) => {
    await page.goto('/editor');
    await expect(page.getByTestId('editor-database')).toContainText('Demo shop');
    const editor = page.getByRole('textbox', { name: 'SQL' });
    await editor.click();
    await page.keyboard.type(
      "select count(*) as n from orders;\nselect status from orders where status = 'shipped' limit 3;",
    );
    // The cursor is in the second statement: only it runs.
    await page.keyboard.press('ControlOrMeta+Enter');
    const grid = page.getByRole('grid', { name: 'Query results' });
    await expect(grid.getByRole('columnheader')).toHaveText(['#', 'status']);
    await expect(page.getByTestId('result-summary')).toContainText('3 rows');

    await page.getByRole('button', { name: 'Format' }).click();
    await expect(editor).toContainText('SELECT');
    await expect(editor).toContainText('FROM');

    // The first statement from the history, run with the button.
    await page.getByRole('tab', { name: 'History' }).click();
    await page
      .getByRole('button', { name: /status = 'shipped'/ })
      .first()
      .click();
    await expect(editor).toHaveText("select status from orders where status = 'shipped' limit 3");

    // A slow query can be cancelled while it runs.
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(
      'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 100000000) SELECT count(*) FROM r',
    );
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByText(/Running…/)).toBeVisible();
    await page.getByRole('toolbar').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('The query was cancelled.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  });

  test('exports an XLSX workbook of SQL that was never saved', async ({ page }) => {
    await page.goto('/editor');
    await expect(page.getByTestId('editor-database')).toContainText('Demo shop');
    await page.getByRole('textbox', { name: 'SQL' }).click();
    await page.keyboard.type('SELECT name FROM categories');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export XLSX' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    // An XLSX file is a ZIP archive.
    expect((await readFile(await file.path())).subarray(0, 2).toString('latin1')).toBe('PK');
  });
  test('shows numbers for people and keeps them exact in the CSV and the chart’s data', async ({ page }) => {
    await page.goto('/editor');
    await expect(page.getByTestId('editor-database')).toContainText('Demo shop');
    const sql =
      'SELECT p.name, SUM(ol.unit_price * ol.quantity) AS revenue, 2024 AS year, COUNT(*) * 100 AS lines_x100 FROM order_lines ol JOIN products p ON p.product_id = ol.product_id GROUP BY p.product_id ORDER BY revenue DESC LIMIT 5';
    await page.getByRole('textbox', { name: 'SQL' }).click();
    await page.keyboard.insertText(sql);
    await page.keyboard.press('ControlOrMeta+Enter');
    const grid = page.getByRole('grid', { name: 'Query results' });
    const first = grid.getByRole('row').nth(1).getByRole('gridcell');
    // Money with two decimals, a year as stored, a count grouped.
    await expect(first).toHaveText(['Vintage Mouse', '62,274.63', '2024', /^\d{1,3},\d{3}$/]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = parseCsv(await readFile(await (await download).path(), 'utf8'));
    expect(csv[1]?.slice(0, 3)).toEqual(['Vintage Mouse', '62274.630000000005', '2024']);

    // The chart's tooltip reads the revenue as the grid does.
    await page.getByRole('tab', { name: 'Chart' }).click();
    const builder = page.getByRole('region', { name: 'Chart builder' });
    await expect(builder.getByLabel('X axis')).toHaveValue('name');
    await expect(builder.getByRole('checkbox', { name: 'revenue' })).toBeChecked();
    await expect(builder.getByRole('checkbox', { name: 'year' })).not.toBeChecked();
    const canvas = builder.locator('canvas').first();
    await expect(canvas).toBeVisible();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the chart has no box');
    // The first of five bars sits in the left part of the plot, right of the value axis.
    await expect(async () => {
      await canvas.hover({ position: { x: box.width * 0.25, y: box.height * 0.6 } });
      // Not ECharts' own 62,274.630000000005: the tooltip reads the revenue as money.
      await expect(builder).toContainText(/62,274\.63(?!\d)/, { timeout: 1_000 });
    }).toPass();
  });
});
