import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyColumnsProvider } from '../src/components/results-grid/key-columns.tsx';
import { compareValues } from '../src/components/results-grid/grid-columns.ts';
import { describeRowCount } from '../src/components/results-grid/result-summary.tsx';
import { ResultsGrid } from '../src/components/results-grid/results-grid.tsx';
import { toTsv } from '../src/components/results-grid/format-value.ts';

const columns = [
  { name: 'name', type: 'text' },
  { name: 'total', type: 'numeric' },
];
// Cells in the order of `columns`, as the API sends them.
const rows = [
  ['Brazil', '190.10'],
  ['Canada', '303.96'],
  ['Chile', null],
  ['USA', '1040.49'],
];

/** jsdom has no DataTransfer; the copy handler only needs setData. */
function clipboardData() {
  const store = new Map<string, string>();
  return {
    setData: (type: string, value: string) => store.set(type, value),
    getData: (type: string) => store.get(type) ?? '',
  };
}

function cellTexts(grid: HTMLElement, col: number): string[] {
  return within(grid)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('gridcell')[col]?.textContent ?? '');
}

describe('results grid', () => {
  it('keeps only a window of 100,000 rows in the DOM, and moves it on scroll', async () => {
    const many = Array.from({ length: 100_000 }, (_, index) => [index, `row ${index}`]);
    render(
      <ResultsGrid
        columns={[
          { name: 'id', type: 'integer' },
          { name: 'label', type: 'text' },
        ]}
        rows={many}
        count={100_000}
        height={400}
      />,
    );
    const grid = screen.getByRole('grid', { name: 'Query results' });
    expect(grid).toHaveAttribute('aria-rowcount', '100001');
    const rendered = within(grid).getAllByRole('row').length - 1;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
    expect(screen.getByTestId('result-summary')).toHaveTextContent('100,000 rows');
    expect(within(grid).getAllByRole('row')[1]).toHaveAttribute('aria-rowindex', '2');

    grid.scrollTop = 28 * 50_000;
    fireEvent.scroll(grid);
    await waitFor(() => expect(within(grid).getByText('row 50000')).toBeInTheDocument());
    expect(within(grid).queryByText('row 0')).toBeNull();
    expect(within(grid).getAllByRole('row').length - 1).toBeLessThan(60);
  });

  it('sorts 100,000 rows by any column, each row keeping its cells together', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 100_000 }, (_, index) => [
      index,
      `row ${index}`,
      (index * 7919) % 100_000,
    ]);
    render(
      <ResultsGrid
        columns={[
          { name: 'id', type: 'bigint' },
          { name: 'label', type: 'text' },
          { name: 'scrambled', type: 'integer' },
        ]}
        rows={many}
        height={300}
      />,
    );
    const grid = screen.getByRole('grid');
    const button = within(screen.getByRole('columnheader', { name: /id/ })).getByRole('button');
    await user.click(button);
    await user.click(button);
    expect(cellTexts(grid, 0).slice(0, 2)).toEqual(['99999', '99998']);
    expect(cellTexts(grid, 1).slice(0, 2)).toEqual(['row 99999', 'row 99998']);

    // 7919 is prime to 100,000, so `scrambled` is a permutation: its order is 0, 1, 2…
    await user.click(within(screen.getByRole('columnheader', { name: /scrambled/ })).getByRole('button'));
    expect(cellTexts(grid, 2).slice(0, 3)).toEqual(['0', '1', '2']);
    // The row with scrambled = 1 comes second, with its own id and label beside it.
    const idOfOne = many.find((row) => row[2] === 1)?.[0];
    expect(cellTexts(grid, 0).slice(0, 2)).toEqual(['0', String(idOfOne)]);
    expect(cellTexts(grid, 1)[1]).toBe(`row ${idOfOne}`);
  });

  it('draws each cell under its column, in the order of the result’s columns', () => {
    render(
      <ResultsGrid
        columns={[
          { name: 'zeta', type: 'text' },
          { name: 'alpha', type: 'integer' },
          { name: 'mid', type: 'unknown' },
        ]}
        rows={[
          ['z1', 1, 10],
          ['z2', 2, null],
        ]}
      />,
    );
    const grid = screen.getByRole('grid');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['#', 'zeta', 'alpha', 'mid']);
    expect(cellTexts(grid, 0)).toEqual(['z1', 'z2']);
    expect(cellTexts(grid, 1)).toEqual(['1', '2']);
    expect(cellTexts(grid, 2)).toEqual(['10', 'NULL']);
    // Typed numeric, and an untyped column guessed numeric from its cells: both right-aligned.
    const [, first] = within(grid).getAllByRole('row');
    const cells = within(first as HTMLElement).getAllByRole('gridcell');
    expect(cells[0]).not.toHaveClass('text-right');
    expect(cells[1]).toHaveClass('text-right');
    expect(cells[2]).toHaveClass('text-right');
  });

  it('sorts by a column on header click, numbers as numbers and NULLs last', async () => {
    const user = userEvent.setup();
    render(<ResultsGrid columns={columns} rows={rows} />);
    const grid = screen.getByRole('grid');
    const header = screen.getByRole('columnheader', { name: /total/ });
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    // `total` is money: two decimals, grouped in the reader's locale (jsdom's is en-US).
    expect(cellTexts(grid, 1)).toEqual(['190.10', '303.96', '1,040.49', 'NULL']);
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(cellTexts(grid, 0)).toEqual(['Chile', 'USA', 'Canada', 'Brazil']);
  });

  it('resizes a column by dragging its header edge, and resets it on double click', () => {
    render(<ResultsGrid columns={columns} rows={rows} />);
    const header = screen.getByRole('columnheader', { name: /name/ });
    const handle = screen.getByRole('separator', { name: 'Resize column name' });
    expect(header).toHaveStyle({ width: '160px' });
    fireEvent.mouseDown(handle, { clientX: 200 });
    fireEvent.mouseMove(document, { clientX: 300 });
    fireEvent.mouseUp(document, { clientX: 300 });
    expect(header).toHaveStyle({ width: '260px' });
    expect(screen.getAllByRole('gridcell')[0]).toHaveStyle({ width: '260px' });
    fireEvent.doubleClick(handle);
    expect(header).toHaveStyle({ width: '160px' });
  });

  it('shows NULL dimmed, distinct from the text "NULL"', () => {
    render(<ResultsGrid columns={columns} rows={[['NULL', null]]} />);
    const [text, nullCell] = screen.getAllByRole('gridcell');
    expect(text?.querySelector('span')).toBeNull();
    expect(nullCell?.querySelector('span')).toHaveClass('italic');
  });

  it('says when the result was cut and how long it took', () => {
    render(<ResultsGrid columns={columns} rows={rows} count={52_113} truncated durationMs={1234} />);
    expect(screen.getByTestId('result-summary')).toHaveTextContent('showing first 4 of 52,113 rows');
    expect(screen.getByTestId('result-summary')).toHaveTextContent('1.23 s');
  });

  it('copies a dragged rectangle as TSV in the sorted order with Ctrl/Cmd+C', async () => {
    const user = userEvent.setup();
    render(<ResultsGrid columns={columns} rows={rows} />);
    await user.click(within(screen.getByRole('columnheader', { name: /name/ })).getByRole('button'));
    await user.click(within(screen.getByRole('columnheader', { name: /name/ })).getByRole('button'));
    const cells = screen.getAllByRole('gridcell');
    // Sorted descending by name: USA, Chile, Canada, Brazil.
    await user.pointer([
      { keys: '[MouseLeft>]', target: cells[0] as Element },
      { target: cells[3] as Element },
      { keys: '[/MouseLeft]' },
    ]);
    expect(cells[3]).toHaveAttribute('aria-selected', 'true');
    const data = clipboardData();
    fireEvent.copy(screen.getByRole('grid'), { clipboardData: data });
    expect(data.getData('text/plain')).toBe('USA\t1040.49\nChile\t');
  });

  it('copies a row from the context menu', async () => {
    const user = userEvent.setup();
    render(<ResultsGrid columns={columns} rows={rows} />);
    const cells = screen.getAllByRole('gridcell');
    await user.pointer({ keys: '[MouseRight]', target: cells[2] as Element });
    await user.click(screen.getByRole('menuitem', { name: 'Copy row' }));
    expect(await navigator.clipboard.readText()).toBe('Canada\t303.96');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('copies a rectangle away from the first column with its headers', async () => {
    const user = userEvent.setup();
    render(
      <ResultsGrid
        columns={[
          { name: 'a', type: 'text' },
          { name: 'b', type: 'text' },
          { name: 'c', type: 'text' },
          { name: 'd', type: 'text' },
        ]}
        rows={[
          ['a1', 'b1', 'c1', 'd1'],
          ['a2', 'b2', null, 'd2'],
          ['a3', 'b3', 'c3', 'd3'],
        ]}
      />,
    );
    const cells = screen.getAllByRole('gridcell');
    // From b1 to c2: rows 1–2, columns 2–3.
    await user.click(cells[1] as Element);
    await user.keyboard('{Shift>}{ArrowDown}{ArrowRight}{/Shift}');
    await user.pointer({ keys: '[MouseRight]', target: cells[6] as Element });
    await user.click(screen.getByRole('menuitem', { name: 'Copy selection with headers' }));
    expect(await navigator.clipboard.readText()).toBe('b\tc\nb1\tc1\nb2\t');
  });

  it('extends the selection with Shift+arrows and selects everything with Ctrl+A', async () => {
    const user = userEvent.setup();
    render(<ResultsGrid columns={columns} rows={rows} />);
    await user.click(screen.getAllByRole('gridcell')[0] as Element);
    await user.keyboard('{Shift>}{ArrowDown}{ArrowRight}{/Shift}');
    const data = clipboardData();
    fireEvent.copy(screen.getByRole('grid'), { clipboardData: data });
    expect(data.getData('text/plain')).toBe('Brazil\t190.10\nCanada\t303.96');
    await user.keyboard('{Control>}a{/Control}');
    expect(
      screen.getAllByRole('gridcell').every((cell) => cell.getAttribute('aria-selected') === 'true'),
    ).toBe(true);
  });
});

describe('numbers in the grid', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const numbers = {
    columns: [
      { name: 'customer_id', type: 'integer' },
      { name: 'year', type: 'integer' },
      { name: 'revenue', type: 'unknown' },
      { name: 'share_pct', type: 'double' },
      { name: 'orders', type: 'bigint' },
      { name: 'avg_ratio', type: 'double' },
      { name: 'big', type: 'numeric' },
      { name: 'ordered_at', type: 'date' },
    ],
    rows: [
      [
        12345,
        2024,
        62274.630000000005,
        12.5,
        65213,
        0.30000000000000004,
        '12345678901234567890.5',
        '2024-03-15',
      ],
    ],
  };

  it('reads them in the reader’s locale by kind, and keeps the exact value in the title and the copy', async () => {
    const user = userEvent.setup();
    render(<ResultsGrid columns={numbers.columns} rows={numbers.rows} />);
    const grid = screen.getByRole('grid');
    const cells = within(grid).getAllByRole('gridcell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '12345',
      '2024',
      '62,274.63',
      '12.5%',
      '65,213',
      '0.3',
      '12,345,678,901,234,567,890.5',
      '2024-03-15',
    ]);
    expect(cells[2]).toHaveAttribute('title', '62274.630000000005');
    await user.pointer({ keys: '[MouseRight]', target: cells[2] as Element });
    await user.click(screen.getByRole('menuitem', { name: 'Copy row' }));
    expect(await navigator.clipboard.readText()).toBe(
      '12345\t2024\t62274.630000000005\t12.5\t65213\t0.30000000000000004\t12345678901234567890.5\t2024-03-15',
    );
  });

  it('follows the browser’s language', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    render(<ResultsGrid columns={numbers.columns} rows={numbers.rows} count={52_113} truncated />);
    const cells = within(screen.getByRole('grid')).getAllByRole('gridcell');
    expect(cells.slice(0, 5).map((cell) => cell.textContent)).toEqual([
      '12345',
      '2024',
      '62.274,63',
      '12,5\u00a0%',
      '65.213',
    ]);
    expect(screen.getByTestId('result-summary')).toHaveTextContent('showing first 1 of 52.113 rows');
  });

  it('shows a key of the schema as stored, whatever its name', () => {
    const schema = {
      introspectedAt: '2026-01-01T00:00:00.000Z',
      schemas: [
        {
          name: 'main',
          tables: [
            {
              name: 'books',
              kind: 'table' as const,
              rowEstimate: null,
              comment: null,
              primaryKey: ['Invoice'],
              foreignKeys: [],
              columns: [],
              dbtDescription: null,
            },
          ],
        },
      ],
    };
    const columns = [{ name: 'invoice', type: 'bigint' }];
    const { unmount } = render(<ResultsGrid columns={columns} rows={[[9780306406157]]} />);
    expect(screen.getByRole('gridcell')).toHaveTextContent('9,780,306,406,157');
    unmount();
    render(
      <KeyColumnsProvider schema={schema}>
        <ResultsGrid columns={columns} rows={[[9780306406157]]} />
      </KeyColumnsProvider>,
    );
    expect(screen.getByRole('gridcell')).toHaveTextContent(/^9780306406157$/);
  });
});

describe('grid helpers', () => {
  it('quotes TSV fields holding tabs, line breaks or quotes, and copies NULL as empty', () => {
    expect(toTsv([['a\tb', 'say "hi"', null, 3]])).toBe('"a\tb"\t"say ""hi"""\t\t3');
    expect(toTsv([['line\nbreak'], [true]])).toBe('"line\nbreak"\ntrue');
  });

  it('orders values with NULLs after everything', () => {
    const values = [null, 'b', 'a10', 'a2', undefined];
    expect(values.sort((a, b) => compareValues(a, b, false))).toEqual(['a2', 'a10', 'b', null, undefined]);
    expect(['10', '9', null, '-1'].sort((a, b) => compareValues(a, b, true))).toEqual([
      '-1',
      '9',
      '10',
      null,
    ]);
  });

  it('describes row counts', () => {
    expect(describeRowCount(1, 1, false)).toBe('1 row');
    expect(describeRowCount(10_000, null, true)).toBe('showing first 10,000 rows (more not fetched)');
  });
});
