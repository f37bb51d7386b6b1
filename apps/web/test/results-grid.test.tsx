import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { compareValues } from '../src/components/results-grid/grid-columns.ts';
import { describeRowCount } from '../src/components/results-grid/result-summary.tsx';
import { ResultsGrid } from '../src/components/results-grid/results-grid.tsx';
import { toTsv } from '../src/components/results-grid/format-value.ts';

const columns = [
  { name: 'name', type: 'text' },
  { name: 'total', type: 'numeric' },
];
const rows = [
  { name: 'Brazil', total: '190.10' },
  { name: 'Canada', total: '303.96' },
  { name: 'Chile', total: null },
  { name: 'USA', total: '1040.49' },
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
    const many = Array.from({ length: 100_000 }, (_, index) => ({ id: index, label: `row ${index}` }));
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

  it('sorts 100,000 rows', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 100_000 }, (_, index) => ({ id: index }));
    render(<ResultsGrid columns={[{ name: 'id', type: 'bigint' }]} rows={many} height={300} />);
    const button = within(screen.getByRole('columnheader', { name: /id/ })).getByRole('button');
    await user.click(button);
    await user.click(button);
    expect(screen.getAllByRole('gridcell')[0]).toHaveTextContent('99999');
  });

  it('sorts by a column on header click, numbers as numbers and NULLs last', async () => {
    const user = userEvent.setup();
    render(<ResultsGrid columns={columns} rows={rows} />);
    const grid = screen.getByRole('grid');
    const header = screen.getByRole('columnheader', { name: /total/ });
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(cellTexts(grid, 1)).toEqual(['190.10', '303.96', '1040.49', 'NULL']);
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
    render(<ResultsGrid columns={columns} rows={[{ name: 'NULL', total: null }]} />);
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
