import type { SchemaInfo, TableInfo } from '@querent/contracts';
import { singular } from '../../text/words.ts';
import { readColumn } from './column-prefix.ts';
import { type NameReading, readName, subjectWords } from './name-reading.ts';

/*
 * The tables of a schema in a fixed order (schema, then table name, compared by code unit so the
 * order does not depend on the machine's locale), each with the columns that identify its rows:
 * the declared primary key, or, where none is declared (views, warehouses, SQLite files made by
 * hand), a column named as the table's identifier ("id", "customer_id", "CustomerID").
 */

export interface SchemaTable {
  schema: string;
  info: TableInfo;
  reading: NameReading;
  /**
   * The ways its name may appear inside a column's name: as written and spelled out, with and
   * without a warehouse's "dim_" or "fct_", run together, singular.
   */
  forms: string[];
  key: string[];
  /** The key was read from a column's name, not declared. */
  keyInferred: boolean;
}

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Words run together, each singular: "Invoice Lines" → "invoiceline", "CUSTOMERID" → "customerid". */
export function compactWords(words: readonly string[]): string {
  return words.map(singular).join('');
}

function formsOf(reading: NameReading): string[] {
  const forms = [reading.words, reading.written, subjectWords(reading.words), subjectWords(reading.written)];
  return [...new Set(forms.map(compactWords))];
}

function inferredKey(info: TableInfo, forms: readonly string[]): string | null {
  const named = (column: string) => {
    const compact = compactWords(readColumn(info, column).words);
    return compact === 'id' || forms.some((form) => compact === `${form}id` || compact === `${form}key`);
  };
  return info.columns.find((column) => named(column.name))?.name ?? null;
}

/** The table as a model can use it: an empty name cannot be queried, nor a key or reference through one. */
function usable(info: TableInfo): TableInfo | null {
  if (info.name === '') return null;
  const columns = info.columns.filter((column) => column.name !== '');
  const known = new Set(columns.map((column) => column.name));
  const allKnown = (names: readonly string[]) => names.length > 0 && names.every((name) => known.has(name));
  return {
    ...info,
    columns,
    primaryKey: allKnown(info.primaryKey) ? info.primaryKey : [],
    foreignKeys: info.foreignKeys.filter(
      (foreignKey) =>
        allKnown(foreignKey.columns) && foreignKey.references.columns.every((name) => name !== ''),
    ),
  };
}

export function schemaTables(schema: SchemaInfo): SchemaTable[] {
  const tables = schema.schemas.flatMap((group) =>
    group.tables.flatMap((table) => {
      const info = usable(table);
      if (info === null) return [];
      const reading = readName(info.name);
      return [{ schema: group.name, info, reading, forms: formsOf(reading) }];
    }),
  );
  tables.sort((a, b) => compareText(a.schema, b.schema) || compareText(a.info.name, b.info.name));
  return tables.map((table) => {
    if (table.info.primaryKey.length > 0)
      return { ...table, key: [...table.info.primaryKey], keyInferred: false };
    const key = inferredKey(table.info, table.forms);
    return key === null
      ? { ...table, key: [], keyInferred: false }
      : { ...table, key: [key], keyInferred: true };
  });
}
