import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildChartOption, chartConfigProblem, toChartNumber } from '../src/features/charts/chart-option.ts';
import { suggestChartConfig } from '../src/features/charts/suggest-chart-config.ts';

const columns = [
  { name: 'month', type: 'date' },
  { name: 'country', type: 'text' },
  { name: 'revenue', type: 'numeric' },
  { name: 'orders', type: 'bigint' },
];
// Cells in the order of `columns`: month, country, revenue, orders.
const rows = [
  ['2026-01', 'FR', '10.5', 2],
  ['2026-01', 'DE', '4', 1],
  ['2026-02', 'FR', null, 3],
  ['2026-02', 'FR', '1.5', 1],
];
const data = { columns, rows };

describe('chart config → ECharts option', () => {
  it('draws one bar series per y column over the x categories', () => {
    const option = buildChartOption({ type: 'bar', x: 'month', y: ['revenue', 'orders'] }, data);
    expect(option.xAxis).toMatchObject({
      type: 'category',
      data: ['2026-01', '2026-01', '2026-02', '2026-02'],
    });
    expect(option.series).toMatchObject([
      { type: 'bar', name: 'revenue', data: [10.5, 4, null, 1.5] },
      { type: 'bar', name: 'orders', data: [2, 1, 3, 1] },
    ]);
    expect(option.series).toHaveLength(2);
    expect(option.legend).toMatchObject({ show: true });
  });

  it('pivots long data by the series column, summing repeated pairs', () => {
    const option = buildChartOption({ type: 'line', x: 'month', y: ['revenue'], series: 'country' }, data);
    expect(option.xAxis).toMatchObject({ data: ['2026-01', '2026-02'] });
    expect(option.series).toMatchObject([
      { type: 'line', name: 'FR', data: [10.5, 1.5] },
      { type: 'line', name: 'DE', data: [4, null] },
    ]);
  });

  it('fills and stacks an area chart', () => {
    const option = buildChartOption({ type: 'area', x: 'month', y: ['revenue', 'orders'] }, data);
    expect(option.series).toMatchObject([
      { type: 'line', areaStyle: {}, stack: 'total' },
      { type: 'line', areaStyle: {}, stack: 'total' },
    ]);
    const single = buildChartOption({ type: 'area', x: 'month', y: ['orders'] }, data);
    expect(single.series).toMatchObject([{ type: 'line', areaStyle: {} }]);
    expect(single.legend).toMatchObject({ show: false });
  });

  it('turns x into slice names and the first y into sizes for a pie', () => {
    const option = buildChartOption({ type: 'pie', x: 'country', y: ['orders'] }, data);
    expect(option.series).toMatchObject([
      {
        type: 'pie',
        data: [
          { name: 'FR', value: 2 },
          { name: 'DE', value: 1 },
          { name: 'FR', value: 3 },
          { name: 'FR', value: 1 },
        ],
      },
    ]);
    expect(option.tooltip).toMatchObject({ trigger: 'item' });
  });

  it('plots scatter points on a value axis when x is numeric, one group per series value', () => {
    const option = buildChartOption(
      { type: 'scatter', x: 'orders', y: ['revenue'], series: 'country' },
      data,
    );
    expect(option.xAxis).toMatchObject({ type: 'value' });
    expect(option.series).toMatchObject([
      {
        type: 'scatter',
        name: 'FR',
        data: [
          [2, 10.5],
          [3, null],
          [1, 1.5],
        ],
      },
      { type: 'scatter', name: 'DE', data: [[1, 4]] },
    ]);
    const byText = buildChartOption({ type: 'scatter', x: 'country', y: ['orders'] }, data);
    expect(byText.xAxis).toMatchObject({ type: 'category' });
  });

  it('finds each named column by its position, whatever the order of the config and the columns', () => {
    const reordered = {
      columns: [
        { name: 'orders', type: 'bigint' },
        { name: 'country', type: 'text' },
        { name: 'revenue', type: 'numeric' },
      ],
      rows: [
        [5, 'FR', '1'],
        [7, 'DE', '2'],
      ],
    };
    const option = buildChartOption({ type: 'bar', x: 'country', y: ['revenue', 'orders'] }, reordered);
    expect(option.xAxis).toMatchObject({ data: ['FR', 'DE'] });
    expect(option.series).toMatchObject([
      { type: 'bar', name: 'revenue', data: [1, 2] },
      { type: 'bar', name: 'orders', data: [5, 7] },
    ]);
    expect(option.series).toHaveLength(2);
    const pie = buildChartOption({ type: 'pie', x: 'country', y: ['orders'] }, reordered);
    expect(pie.series).toMatchObject([
      {
        data: [
          { name: 'FR', value: 5 },
          { name: 'DE', value: 7 },
        ],
      },
    ]);
  });

  it('says which columns a stored config needs that the result lacks', () => {
    expect(chartConfigProblem({ type: 'bar', x: 'month', y: ['revenue'] }, columns)).toBeNull();
    expect(chartConfigProblem({ type: 'bar', x: 'day', y: ['revenue', 'units'] }, columns)).toBe(
      'The result has no column “day”, “units”',
    );
  });

  it('reads numbers from numbers, numeric text and booleans; the rest is a gap', () => {
    expect([1, '2.5', true, null, '', 'n/a', undefined].map(toChartNumber)).toEqual([
      1,
      2.5,
      1,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('numbers on a chart', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const sales = {
    columns: [
      { name: 'year', type: 'integer' },
      { name: 'revenue', type: 'double' },
      { name: 'orders', type: 'bigint' },
      { name: 'percent_cancelled', type: 'double' },
    ],
    rows: [
      [2023, 62274.630000000005, 12754, 4.25],
      [2024, 1250000, 20001, 5.5],
    ],
  };

  /** The formatter a part of the option carries, called as ECharts calls it. */
  function formatter(part: unknown, path: string[]): (value: unknown) => string {
    const found = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], part);
    expect(found).toBeTypeOf('function');
    return found as (value: unknown) => string;
  }

  it('reads axis labels and tooltips in the reader’s locale, each value by its column’s kind', () => {
    const option = buildChartOption({ type: 'bar', x: 'year', y: ['revenue', 'orders'] }, sales);
    const series = option.series as unknown[];
    // Money in a tooltip has two decimals; a count is an integer; the plotted data stays exact.
    expect(formatter(series[0], ['tooltip', 'valueFormatter'])(62274.630000000005)).toBe('62,274.63');
    expect(formatter(series[0], ['tooltip', 'valueFormatter'])(1250000)).toBe('1,250,000.00');
    expect(formatter(series[1], ['tooltip', 'valueFormatter'])(12754)).toBe('12,754');
    expect(series[0]).toMatchObject({ data: [62274.630000000005, 1250000] });
    // Mixed kinds on one axis read as plain measures: ticks need no forced decimals.
    expect(formatter(option.yAxis, ['axisLabel', 'formatter'])(1250000)).toBe('1,250,000');
    // Years across stay as stored, on the axis and in the tooltip's header.
    expect(formatter(option.xAxis, ['axisLabel', 'formatter'])('2024')).toBe('2024');
    expect(formatter(option.xAxis, ['axisPointer', 'label', 'formatter'])({ value: '2024' })).toBe('2024');

    const percent = buildChartOption({ type: 'line', x: 'year', y: ['percent_cancelled'] }, sales);
    expect(formatter(percent.yAxis, ['axisLabel', 'formatter'])(4.25)).toBe('4.25%');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    expect(formatter(percent.yAxis, ['axisLabel', 'formatter'])(4.25)).toBe('4,25\u00a0%');
  });

  it('reads a pie’s values and a scatter’s points by their columns', () => {
    const pie = buildChartOption({ type: 'pie', x: 'year', y: ['revenue'] }, sales);
    expect(formatter((pie.series as unknown[])[0], ['tooltip', 'valueFormatter'])(1250000)).toBe(
      '1,250,000.00',
    );
    const scatter = buildChartOption({ type: 'scatter', x: 'orders', y: ['revenue'] }, sales);
    const point = formatter((scatter.series as unknown[])[0], ['tooltip', 'valueFormatter']);
    expect(point([12754, 62274.630000000005])).toBe('12,754  62,274.63');
    expect(formatter(scatter.xAxis, ['axisLabel', 'formatter'])(20000)).toBe('20,000');
  });
});

describe('suggested chart', () => {
  it('puts the first non-numeric column across and the first numeric one up; a line over dates', () => {
    expect(suggestChartConfig(columns, rows)).toEqual({
      type: 'line',
      x: 'month',
      y: ['revenue'],
      series: null,
    });
    expect(
      suggestChartConfig(
        columns.slice(1),
        rows.map((row) => row.slice(1)),
      ),
    ).toEqual({
      type: 'bar',
      x: 'country',
      y: ['revenue'],
      series: null,
    });
  });

  it('recognises numbers by value when the database gives no type, and gives up without any', () => {
    const untyped = [
      { name: 'status', type: 'text' },
      { name: 'n', type: 'unknown' },
    ];
    expect(suggestChartConfig(untyped, [['shipped', 3]])?.y).toEqual(['n']);
    expect(suggestChartConfig(untyped, [['shipped', 'three']])).toBeNull();
    expect(suggestChartConfig([{ name: 'status', type: 'text' }], [['x']])).toBeNull();
  });
});
