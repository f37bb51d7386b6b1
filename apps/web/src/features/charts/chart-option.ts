import type { BarSeriesOption, LineSeriesOption, PieSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { ChartConfig, ResultColumn, ResultRow } from '../../api/query-types.ts';
import { displayValue, isNumericColumn } from '../../components/results-grid/format-value.ts';
import { type AxisNumbers, axisNumbers, tooltipNumbers } from './chart-numbers.ts';

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

export interface ChartData {
  columns: readonly ResultColumn[];
  /** Each row's cells in `columns` order. */
  rows: readonly ResultRow[];
}

type Row = ResultRow;

/** Reads one column's cell from a row. */
type Cell = (row: Row) => unknown;

/**
 * The config names columns; the rows hold cells by position. The position is looked up once per
 * column, not per row; a name the result lacks reads as undefined (chartConfigProblem reports it
 * before anything is drawn).
 */
function cellOf(columns: readonly ResultColumn[], name: string): Cell {
  const index = columns.findIndex((column) => column.name === name);
  return index < 0 ? () => undefined : (row) => row[index];
}

/** A value as a number for plotting; NULL and text that is no number leave a gap. */
export function toChartNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return Number(value);
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

function label(value: unknown): string {
  return displayValue(value);
}

/** Whether the named column holds numbers, by its type or, untyped, by its cells. */
function numericColumn(columns: readonly ResultColumn[], rows: readonly Row[], name: string): boolean {
  const index = columns.findIndex((column) => column.name === name);
  const column = columns[index];
  return column ? isNumericColumn(column, index, rows) : false;
}

/** Why a config cannot be drawn from these columns, or null when it can. */
export function chartConfigProblem(config: ChartConfig, columns: readonly ResultColumn[]): string | null {
  const names = new Set(columns.map((column) => column.name));
  const missing = [config.x, ...config.y, ...(config.series ? [config.series] : [])].filter(
    (name) => !names.has(name),
  );
  if (missing.length > 0) return `The result has no column ${missing.map((name) => `“${name}”`).join(', ')}`;
  if (config.y.length === 0) return 'Choose at least one value column';
  return null;
}

/** Distinct values in first-seen order, as labels. */
function distinct(rows: readonly Row[], cell: Cell): string[] {
  const seen = new Set<string>();
  for (const row of rows) seen.add(label(cell(row)));
  return [...seen];
}

/**
 * Long-format data (x, series, value) pivoted into one series per distinct `series` value, aligned
 * on the distinct x values. Several rows for one (x, series) pair are summed.
 */
function pivot(rows: readonly Row[], x: Cell, series: Cell, y: Cell) {
  const categories = distinct(rows, x);
  const position = new Map(categories.map((category, index) => [category, index]));
  const bySeries = new Map<string, (number | null)[]>();
  for (const row of rows) {
    const name = label(series(row));
    let values = bySeries.get(name);
    if (!values) {
      values = categories.map(() => null);
      bySeries.set(name, values);
    }
    const index = position.get(label(x(row))) ?? 0;
    const value = toChartNumber(y(row));
    if (value !== null) values[index] = (values[index] ?? 0) + value;
  }
  return { categories, series: [...bySeries].map(([name, data]) => ({ name, data })) };
}

function cartesian(config: ChartConfig, { columns, rows }: ChartData): ChartOption {
  const kind = config.type === 'bar' ? 'bar' : 'line';
  const area = config.type === 'area';
  const [firstY = ''] = config.y;
  const x = cellOf(columns, config.x);
  const { categories, series } = config.series
    ? pivot(rows, x, cellOf(columns, config.series), cellOf(columns, firstY))
    : {
        categories: rows.map((row) => label(x(row))),
        series: config.y.map((name) => {
          const y = cellOf(columns, name);
          return { name, data: rows.map((row) => toChartNumber(y(row))) };
        }),
      };
  // Pivoted series all hold the first y column; otherwise each series is its own y column.
  const valueColumns = config.series ? series.map(() => firstY) : config.y;
  const built: (BarSeriesOption | LineSeriesOption)[] = series.map(({ name, data }, index) => {
    const tooltip = tooltipNumbers(columns, [valueColumns[index] ?? firstY]);
    return kind === 'bar'
      ? { type: 'bar', name, data, tooltip }
      : {
          type: 'line',
          name,
          data,
          tooltip,
          showSymbol: data.length <= 100,
          connectNulls: false,
          ...(area ? { areaStyle: {}, stack: series.length > 1 ? 'total' : undefined } : {}),
        };
  });
  // Numbers across (years, amounts) are categories drawn as the reader reads them.
  const xNumbers: AxisNumbers = numericColumn(columns, rows, config.x)
    ? axisNumbers(columns, [config.x])
    : {};
  return {
    tooltip: { trigger: 'axis' },
    legend: { show: built.length > 1, type: 'scroll', top: 0 },
    grid: { left: 8, right: 16, bottom: 8, top: built.length > 1 ? 36 : 16, containLabel: true },
    xAxis: {
      type: 'category',
      data: categories,
      name: config.x,
      nameLocation: 'middle',
      nameGap: 28,
      ...xNumbers,
    },
    yAxis: {
      type: 'value',
      name: config.series ? firstY : config.y.length === 1 ? firstY : undefined,
      ...axisNumbers(columns, config.series ? [firstY] : config.y),
    },
    series: built,
  };
}

function pie(config: ChartConfig, { columns, rows }: ChartData): ChartOption {
  const [value = ''] = config.y;
  const x = cellOf(columns, config.x);
  const y = cellOf(columns, value);
  return {
    tooltip: { trigger: 'item' },
    legend: { type: 'scroll', orient: 'vertical', right: 0, top: 'middle' },
    series: [
      {
        type: 'pie',
        name: value,
        radius: '70%',
        center: ['40%', '50%'],
        tooltip: tooltipNumbers(columns, [value]),
        data: rows.map((row) => ({ name: label(x(row)), value: toChartNumber(y(row)) ?? 0 })),
      },
    ],
  };
}

function scatter(config: ChartConfig, { columns, rows }: ChartData): ChartOption {
  const numericX = numericColumn(columns, rows, config.x);
  const x = cellOf(columns, config.x);
  const xValue = (row: Row) => (numericX ? toChartNumber(x(row)) : label(x(row)));
  const groups: { name: string; rows: readonly Row[]; y: string }[] = config.series
    ? (() => {
        const series = cellOf(columns, config.series);
        return distinct(rows, series).map((name) => ({
          name,
          rows: rows.filter((row) => label(series(row)) === name),
          y: config.y[0] ?? '',
        }));
      })()
    : config.y.map((name) => ({ name, rows, y: name }));
  return {
    tooltip: { trigger: 'item' },
    legend: { show: groups.length > 1, type: 'scroll', top: 0 },
    grid: { left: 8, right: 16, bottom: 8, top: groups.length > 1 ? 36 : 16, containLabel: true },
    xAxis: numericX
      ? {
          type: 'value',
          name: config.x,
          nameLocation: 'middle',
          nameGap: 28,
          scale: true,
          ...axisNumbers(columns, [config.x]),
        }
      : { type: 'category', name: config.x, nameLocation: 'middle', nameGap: 28 },
    yAxis: {
      type: 'value',
      scale: true,
      name: groups.length === 1 ? groups[0]?.y : undefined,
      ...axisNumbers(columns, [...new Set(groups.map((group) => group.y))]),
    },
    series: groups.map((group) => {
      const y = cellOf(columns, group.y);
      return {
        type: 'scatter',
        name: group.name,
        symbolSize: 8,
        // A point's tooltip shows its x (when a number) and its y, each read by its column.
        tooltip: tooltipNumbers(columns, numericX ? [config.x, group.y] : [group.y]),
        data: group.rows.map((row) => [xValue(row), toChartNumber(y(row))]),
      };
    }),
  };
}

/**
 * The ECharts option for a stored chart config over a query result. Bar, line and area put the x
 * column on a category axis with one series per y column (or per distinct value of the series
 * column, pivoting the first y); area is a line with its area filled, stacked when there are
 * several series; pie takes x as slice names and the first y as sizes; scatter plots (x, y)
 * points, on a value axis when x is numeric.
 */
export function buildChartOption(config: ChartConfig, data: ChartData): ChartOption {
  if (config.type === 'pie') return pie(config, data);
  if (config.type === 'scatter') return scatter(config, data);
  return cartesian(config, data);
}
