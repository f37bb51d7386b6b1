import { columnIndex, readQueryResult } from './answer-text.ts';
import { countryCode } from './country-codes.ts';
import type { PlanContext, ProbeRow } from './plan-context.ts';
import { CannotAnswer, NeedProbe } from './plan-types.ts';
import type { Filter } from './question.ts';
import type { QueryBuilder } from './query-builder.ts';
import { GOOD_FIT, columnScore, hintScore, isPlaceColumn } from './resolve-names.ts';
import type { KnownColumn, KnownTable } from './schema-knowledge.ts';

/*
 * Filters become WHERE conditions on the table the query reads. A value with no column ("from
 * Germany", "cancelled orders") is looked up first: one probe query counts, for every text column,
 * the rows equal to it (any case, or its country code), and the condition uses the column and the
 * exact spelling found. Years ("in 2010") compare with the year of the table's date column.
 */

export interface AppliedFilters {
  where: string[];
  /** The conditions in words, for the answer. */
  described: string[];
}

const MAX_PROBED_COLUMNS = 40;
// Columns a spoken value is never the whole of: contact details and free-form addresses.
const unsearchable = new Set([
  'email',
  'mail',
  'phone',
  'fax',
  'url',
  'password',
  'hash',
  'postal',
  'zip',
  'address',
  'sku',
]);
const isYear = (value: string) => /^(1[89]|2[01])\d\d$/.test(value);
const isNumber = (value: string) => /^-?\d+(\.\d+)?$/.test(value);

function namedColumn(table: KnownTable, filter: Filter): KnownColumn {
  const words = (filter.column ?? []).map((token) => token.norm);
  let best: { column: KnownColumn; score: number } | null = null;
  for (const column of table.columns) {
    const score = columnScore(words, table, column);
    if (score >= GOOD_FIT && (!best || score > best.score)) best = { column, score };
  }
  if (!best) {
    const said = (filter.column ?? []).map((token) => token.raw).join(' ');
    throw new CannotAnswer(`I could not find a column "${said}" in ${table.name}.`);
  }
  return best.column;
}

function dateColumn(table: KnownTable): KnownColumn | null {
  const dated = table.columns.filter((column) => column.dateLike);
  return dated.sort((a, b) => hintScore('date', b) - hintScore('date', a))[0] ?? null;
}

/** Text columns a loose value may be in, places first for "from"/"in". */
function probeColumns(table: KnownTable, filter: Filter): KnownColumn[] {
  if (filter.form === 'named') return [namedColumn(table, filter)];
  return table.columns
    .filter((column) => column.kind === 'text' && !column.key && !column.dateLike)
    .filter((column) => !column.words.some((word) => unsearchable.has(word)))
    .slice(0, MAX_PROBED_COLUMNS);
}

function needsProbe(table: KnownTable, filter: Filter): boolean {
  if (filter.op !== '=' && filter.op !== '!=') return false;
  if (filter.form === 'named') return namedColumn(table, filter).kind === 'text';
  return !(isYear(filter.value) && dateColumn(table) !== null);
}

/**
 * One query answering, for each filter value and candidate column, how many rows hold it; null
 * when the table has no column to look in.
 */
function probeSql(context: PlanContext, table: KnownTable, filters: readonly Filter[]): string | null {
  const { dialect } = context;
  const parts: string[] = [];
  filters.forEach((filter, index) => {
    if (!needsProbe(table, filter)) return;
    const code = filter.form === 'named' ? null : countryCode(filter.value);
    for (const column of probeColumns(table, filter)) {
      const variants: [string, string][] = [['exact', filter.value]];
      // Country codes only where a code or a country is kept ("country_code", "Country").
      const coded = column.words.includes('code') || column.words.includes('country');
      if (code !== null && coded && code.toLowerCase() !== filter.value.toLowerCase())
        variants.push(['code', code]);
      for (const [variant, value] of variants) {
        const name = dialect.id(column.name);
        parts.push(
          `SELECT ${index} AS filter_no, ${dialect.text(column.name)} AS column_name, ${dialect.text(variant)} AS variant, MIN(${name}) AS matched_value, COUNT(*) AS matches FROM ${dialect.table(table.name)} WHERE LOWER(${name}) = ${dialect.text(value.toLowerCase())}`,
        );
      }
    }
  });
  if (parts.length === 0) return null;
  return `SELECT * FROM (\n${parts.join('\nUNION ALL\n')}\n) AS probe WHERE matches > 0`;
}

function bestProbeRow(rows: readonly ProbeRow[], filter: Filter, table: KnownTable): ProbeRow | null {
  const place = (row: ProbeRow) => {
    const column = table.columns.find((candidate) => candidate.name === row.column);
    return column && filter.form === 'loose' && isPlaceColumn(column) ? 1 : 0;
  };
  const sorted = [...rows].sort(
    (a, b) =>
      Number(b.variant === 'exact') - Number(a.variant === 'exact') ||
      place(b) - place(a) ||
      b.matches - a.matches,
  );
  return sorted[0] ?? null;
}

const quoteForReader = (value: string) => (isNumber(value) ? value : `'${value}'`);
const opWords: Record<Filter['op'], string> = {
  '=': 'is',
  '!=': 'is not',
  '>': 'is over',
  '>=': 'is at least',
  '<': 'is under',
  '<=': 'is at most',
};

/**
 * The WHERE conditions of the filters on `table`, written through `query`. Interrupts with a
 * probe when values must be looked up first; a bare word that is nowhere is left out with a note.
 */
export function applyFilters(
  context: PlanContext,
  table: KnownTable,
  filters: readonly Filter[],
  query: QueryBuilder,
): AppliedFilters {
  const { dialect } = context;
  if (filters.length === 0) return { where: [], described: [] };
  const probing = filters.some((filter) => needsProbe(table, filter));
  if (probing && context.probe === null) {
    const sql = probeSql(context, table, filters);
    if (sql !== null) throw new NeedProbe(sql);
  }
  const where: string[] = [];
  const described: string[] = [];
  filters.forEach((filter, index) => {
    const op = filter.op === '!=' ? '<>' : filter.op;
    if (!needsProbe(table, filter)) {
      const column = filter.form === 'named' ? namedColumn(table, filter) : dateColumn(table);
      if (!column) return;
      const ref = query.column(table, column.name);
      if (column.dateLike && isYear(filter.value)) {
        where.push(`${dialect.year(ref)} ${op} ${filter.value}`);
        described.push(`the year of ${column.name} ${opWords[filter.op]} ${filter.value}`);
      } else {
        const literal =
          column.kind === 'number' && isNumber(filter.value) ? filter.value : dialect.text(filter.value);
        where.push(`${ref} ${op} ${literal}`);
        described.push(`${column.name} ${opWords[filter.op]} ${quoteForReader(filter.value)}`);
      }
      return;
    }
    const rows = (context.probe ?? []).filter((row) => row.filter === index);
    const found = bestProbeRow(rows, filter, table);
    if (!found) {
      if (filter.form === 'named') {
        const column = namedColumn(table, filter);
        where.push(`${query.column(table, column.name)} ${op} ${dialect.text(filter.value)}`);
        described.push(`${column.name} ${opWords[filter.op]} '${filter.value}'`);
        context.notes.push(`No row of ${table.name} has ${column.name} equal to '${filter.value}'.`);
        return;
      }
      if (filter.form === 'bare') {
        context.notes.push(`I did not find "${filter.value}" in ${table.name}, so I left it out.`);
        return;
      }
      throw new CannotAnswer(`I could not find "${filter.value}" in any text column of ${table.name}.`);
    }
    where.push(`${query.column(table, found.column)} ${op} ${dialect.text(found.value)}`);
    described.push(`${found.column} ${opWords[filter.op]} '${found.value}'`);
  });
  return { where, described };
}

/** The probe's rows, from run_sql's output: cells found by the probe's column names. */
export function readProbeRows(output: Record<string, unknown>): ProbeRow[] {
  const rows = Array.isArray(output.rows) ? (output.rows as unknown[]) : [];
  const { columns } = readQueryResult(output);
  const at = (name: string) => columnIndex(columns, name);
  const [filterNo, columnName, variant, matchedValue, matches] = [
    at('filter_no'),
    at('column_name'),
    at('variant'),
    at('matched_value'),
    at('matches'),
  ];
  return rows.flatMap((item) => {
    if (!Array.isArray(item)) return [];
    const row: readonly unknown[] = item;
    const column = row[columnName];
    const value = row[matchedValue];
    if (typeof column !== 'string' || (typeof value !== 'string' && typeof value !== 'number')) return [];
    return [
      {
        filter: Number(row[filterNo]),
        column,
        variant: String(row[variant]),
        value: String(value),
        matches: Number(row[matches]),
      },
    ];
  });
}
