import { formatNumber, type NumberKind, numberKindOf } from '@querent/contracts';
import type { ResultColumn } from '../../api/query-types.ts';
import { displayValue } from '../../components/results-grid/format-value.ts';
import { readerLocale } from '../../lib/reader-locale.ts';

/*
 * How a chart's numbers read: axis labels and tooltips in the reader's locale, each by its
 * column's kind (money, percent, identifier or measure), as the results grid shows them. The
 * plotted data stays the exact values.
 */

function kindOf(columns: readonly ResultColumn[], name: string): NumberKind {
  return numberKindOf(columns.find((column) => column.name === name) ?? { name });
}

/** A missing value reads as ECharts shows one; text (a category) as it is. */
function readable(value: unknown, kind: NumberKind): string {
  if (value === null || value === undefined || value === '') return '-';
  return formatNumber(value, kind, readerLocale()) ?? displayValue(value);
}

export interface AxisNumbers {
  axisLabel?: { formatter: (value: string | number) => string };
  axisPointer?: { label: { formatter: (params: { value: unknown }) => string } };
}

/**
 * Labels for an axis that carries the named columns: their kind when they share one, else a
 * measure. Ticks of money read as other numbers (10,000, not 10,000.00); the axis pointer's label,
 * also the header of an axis tooltip, reads the same way.
 */
export function axisNumbers(columns: readonly ResultColumn[], names: readonly string[]): AxisNumbers {
  const kinds = new Set(names.map((name) => kindOf(columns, name)));
  const [only] = kinds;
  const kind: NumberKind = kinds.size === 1 && only !== undefined && only !== 'money' ? only : 'measure';
  return {
    axisLabel: { formatter: (value) => readable(value, kind) },
    axisPointer: { label: { formatter: (params) => readable(params.value, kind) } },
  };
}

/**
 * A series' tooltip value read by its columns' kinds. A point given as an array ([x, y] of a
 * scatter) lines its last items up with the columns; leading items with no column (a category)
 * stay as they are.
 */
export function tooltipNumbers(
  columns: readonly ResultColumn[],
  names: readonly string[],
): { valueFormatter: (value: unknown) => string } {
  const kinds = names.map((name) => kindOf(columns, name));
  return {
    valueFormatter: (value) => {
      if (!Array.isArray(value)) return readable(value, kinds.at(-1) ?? 'measure');
      const offset = value.length - kinds.length;
      return value.map((item, index) => readable(item, kinds[index - offset] ?? 'identifier')).join('  ');
    },
  };
}
