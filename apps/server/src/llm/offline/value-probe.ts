import { singular } from '../../text/words.ts';
import { columnIndex, readQueryResult } from './answer-text.ts';
import { countryCode } from './country-codes.ts';
import type { PlanContext } from './plan-context.ts';
import type { KnownColumn, KnownTable } from './schema-knowledge.ts';
import { labelColumns } from './resolve-names.ts';

/*
 * Where the values a question names are kept. One probe query counts, for every value and every
 * text column it may be in (of the tables the question can reach), the rows holding it in any
 * case and without surrounding spaces, as said, in the singular ("sales support agents") or as
 * its country code ("Germany" → DE), with how many spellings it has there ("FR" and "fr").
 */

export interface ProbeRow {
  filter: number;
  value: number;
  table: string;
  column: string;
  variant: 'exact' | 'singular' | 'code';
  matched: string;
  matches: number;
  spellings: number;
}

/** A value to look up: which filter and which of its values. */
export interface Lookup {
  filter: number;
  value: number;
  said: string;
  /** Where to look, already narrowed to the column a named filter names. */
  columns: { table: KnownTable; column: KnownColumn }[];
}

const MAX_PARTS = 120;
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

/** Text columns a spoken value may be in, and a person's first and last names read together. */
export function searchableColumns(table: KnownTable): KnownColumn[] {
  const columns = table.columns
    .filter((column) => column.kind === 'text' && !column.key && !column.dateLike)
    .filter((column) => !column.words.some((word) => unsearchable.has(word)));
  const names = labelColumns(table);
  const [first, last] = names;
  if (names.length !== 2 || !first || !last) return columns;
  const full: KnownColumn = {
    name: `${first.name} ${last.name}`,
    type: 'text',
    kind: 'text',
    words: [...first.words, ...last.words],
    key: false,
    dateLike: false,
    parts: [first.name, last.name],
  };
  return [...columns, full];
}

/** A column as SQL writes it: a full name is its parts joined by a space. */
export function columnSql(column: KnownColumn, ref: (name: string) => string): string {
  return column.parts ? `CONCAT(${column.parts.map(ref).join(", ' ', ")})` : ref(column.name);
}

function variantsOf(said: string, column: KnownColumn): [ProbeRow['variant'], string][] {
  const lower = said.toLowerCase();
  const variants: [ProbeRow['variant'], string][] = [['exact', lower]];
  const words = lower.split(' ');
  const last = words.at(-1) ?? '';
  const single = singular(last);
  if (single !== last) variants.push(['singular', [...words.slice(0, -1), single].join(' ')]);
  // Country codes only where a code or a country is kept ("country_code", "Country").
  const code = countryCode(said);
  const coded = column.words.includes('code') || column.words.includes('country');
  if (code !== null && coded && code.toLowerCase() !== lower) variants.push(['code', code.toLowerCase()]);
  return variants;
}

/** One query answering every lookup; null when there is nowhere to look. */
export function probeSql(context: PlanContext, lookups: readonly Lookup[]): string | null {
  const { dialect } = context;
  const parts: string[] = [];
  for (const lookup of lookups) {
    for (const { table, column } of lookup.columns) {
      for (const [variant, value] of variantsOf(lookup.said, column)) {
        const name = columnSql(column, (part) => dialect.id(part));
        parts.push(
          `SELECT ${lookup.filter} AS filter_no, ${lookup.value} AS value_no, ${dialect.text(table.name)} AS table_name, ${dialect.text(column.name)} AS column_name, ${dialect.text(variant)} AS variant, MIN(${name}) AS matched_value, COUNT(*) AS matches, COUNT(DISTINCT ${name}) AS spellings FROM ${dialect.table(table.name)} WHERE LOWER(TRIM(${name})) = ${dialect.text(value)}`,
        );
      }
    }
  }
  if (parts.length === 0) return null;
  return `SELECT * FROM (\n${parts.slice(0, MAX_PARTS).join('\nUNION ALL\n')}\n) AS probe WHERE matches > 0`;
}

const variants = new Set(['exact', 'singular', 'code']);

/** The probe's rows, from run_sql's output: cells found by the probe's column names. */
export function readProbeRows(output: Record<string, unknown>): ProbeRow[] {
  const rows = Array.isArray(output.rows) ? (output.rows as unknown[]) : [];
  const { columns } = readQueryResult(output);
  const at = (name: string) => columnIndex(columns, name);
  const index = {
    filter: at('filter_no'),
    value: at('value_no'),
    table: at('table_name'),
    column: at('column_name'),
    variant: at('variant'),
    matched: at('matched_value'),
    matches: at('matches'),
    spellings: at('spellings'),
  };
  return rows.flatMap((item) => {
    if (!Array.isArray(item)) return [];
    const row: readonly unknown[] = item;
    const [table, column, variant, matched] = [
      row[index.table],
      row[index.column],
      row[index.variant],
      row[index.matched],
    ];
    if (typeof table !== 'string' || typeof column !== 'string') return [];
    if (typeof variant !== 'string' || !variants.has(variant)) return [];
    if (typeof matched !== 'string' && typeof matched !== 'number') return [];
    return [
      {
        filter: Number(row[index.filter]),
        value: Number(row[index.value]),
        table,
        column,
        variant: variant as ProbeRow['variant'],
        matched: String(matched),
        matches: Number(row[index.matches]),
        spellings: Number(row[index.spellings]),
      },
    ];
  });
}
