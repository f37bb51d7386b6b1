import { type NumberKind, numberKindOf } from '@querent/contracts';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import type { ResultColumn, ResultRow } from '../../api/query-types.ts';
import { isNumericColumn } from './format-value.ts';

export type { ResultRow };

/**
 * Per-column facts the cells need: its name for the header, whether it holds numbers and how they
 * read. A column's cells sit at its position in each row, which is its position in the metas.
 */
export interface GridColumnMeta {
  name: string;
  type: string;
  numeric: boolean;
  kind: NumberKind;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  // Big integers and decimals often arrive as strings to keep their precision.
  const parsed = Number(value);
  return Number.isNaN(parsed) ? Number.POSITIVE_INFINITY : parsed;
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

/**
 * Ascending order with NULLs last (descending reverses it, putting them first, as PostgreSQL
 * does). Numeric columns compare as numbers even when the driver sent them as strings.
 */
export function compareValues(a: unknown, b: unknown, numeric: boolean): number {
  const aNull = a === null || a === undefined;
  const bNull = b === null || b === undefined;
  if (aNull || bNull) return aNull === bNull ? 0 : aNull ? 1 : -1;
  if (numeric || (typeof a === 'number' && typeof b === 'number')) {
    const difference = toNumber(a) - toNumber(b);
    return difference === 0 || Number.isNaN(difference) ? 0 : difference < 0 ? -1 : 1;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(asText(a), asText(b));
}

const noKeys: ReadonlySet<string> = new Set();

/**
 * The metas of a result's columns. `keyNames` holds the lower-case names of the schema's key
 * columns, whose numbers read as identifiers whatever their name.
 */
export function columnMetas(
  columns: readonly ResultColumn[],
  rows: readonly ResultRow[],
  keyNames: ReadonlySet<string> = noKeys,
): GridColumnMeta[] {
  return columns.map((column, index) => ({
    name: column.name,
    type: column.type,
    numeric: isNumericColumn(column, index, rows),
    kind: numberKindOf({ ...column, key: keyNames.has(column.name.toLowerCase()) }),
  }));
}

/**
 * Column definitions for the table model, which owns the header state: sort order and widths.
 * Ids are the columns' positions, which are also where their cells sit in each row.
 */
export function buildColumnDefs(metas: readonly GridColumnMeta[]): ColumnDef<ResultRow>[] {
  return metas.map((meta, index) => ({
    id: String(index),
    header: meta.name,
    // Never called for rows (the grid sorts itself); its presence makes the column sortable.
    accessorFn: (row: ResultRow) => row[index],
    // The first click sorts ascending whatever the type (the table would start numbers descending).
    sortDescFirst: false,
    meta,
  }));
}

/**
 * The displayed order of the rows as indexes into `rows`, or null when unsorted. Sorting an index
 * array instead of the rows keeps 100,000 rows cheap: no per-row wrappers, one pass of cell reads
 * by column position per sort key, ties kept in the original order.
 */
export function sortedOrder(
  rows: readonly ResultRow[],
  metas: readonly GridColumnMeta[],
  sorting: SortingState,
): number[] | null {
  const keys = sorting.flatMap((sort) => {
    const index = Number(sort.id);
    const meta = metas[index];
    if (!meta) return [];
    return [{ values: rows.map((row) => row[index]), numeric: meta.numeric, sign: sort.desc ? -1 : 1 }];
  });
  if (keys.length === 0) return null;
  const order = Array.from({ length: rows.length }, (_, index) => index);
  order.sort((left, right) => {
    for (const key of keys) {
      const result = compareValues(key.values[left], key.values[right], key.numeric);
      if (result !== 0) return result * key.sign;
    }
    return left - right;
  });
  return order;
}
