import type { ColumnFamily, TableInfo, TableName } from '@querent/contracts';
import { columnFamily } from '@querent/contracts';
import type { Actor } from '../../access/can.ts';
import type { DatabaseRecord } from '../../databases/database-record.ts';
import { runSql } from '../../sql-runs/run-sql.ts';
import type { SqlRunDeps } from '../../sql-runs/sql-run-deps.ts';
import { cellNumber } from '../runs/judge.ts';
import { sqlWriter } from '../runs/sql-writer.ts';
import { looksTemporal } from './column-roles.ts';

/** What a column's values look like, from one aggregate over the table. */
export interface ColumnProfile {
  name: string;
  family: ColumnFamily;
  nullable: boolean;
  nonNull: number;
  distinct: number;
  /** Text only: values of nothing but spaces. */
  blanks: number | null;
  /** Text only: the longest value, in characters. */
  maxLength: number | null;
  /** Dates, and text named like a date: the newest value as the database gives it. */
  latest: unknown;
  /** Each value with its count, for text with few distinct values; null otherwise. */
  values: { value: string; count: number }[] | null;
}

export interface TableProfile {
  rows: number;
  columns: ColumnProfile[];
  /** Statements the profile took: the aggregate, and one for the values of few-valued columns. */
  statements: number;
  /** Why it could not be read, when it could not. */
  error: string | null;
}

/** Columns a profile reads at most: very wide tables are profiled on their first ones. */
const MAX_COLUMNS = 60;
/** Text columns with at most this many values have them counted one by one. */
export const FEW_VALUES = 30;

/**
 * Profiles a table in one aggregate statement (row count; per column non-null and distinct counts;
 * blanks and longest text; newest date), then, for text columns with few distinct values, one
 * statement listing those values with their counts. Runs read-only through the one SQL path.
 */
export async function profileTable(
  deps: SqlRunDeps,
  input: {
    database: DatabaseRecord;
    actor: Actor;
    table: TableName;
    info: TableInfo;
    signal?: AbortSignal | undefined;
  },
): Promise<TableProfile> {
  const writer = sqlWriter(deps.connections.forDatabase(input.database).dialect);
  const target = writer.table(input.table);
  const columns = input.info.columns.slice(0, MAX_COLUMNS).map((column) => ({
    column,
    family: columnFamily(column.type),
  }));
  const select = ['COUNT(*)'];
  const at = (expression: string) => select.push(expression) - 1;
  const cells = columns.map(({ column, family }) => {
    const ref = writer.name(column.name);
    const text = family === 'text';
    const dated = family === 'temporal' || (text && looksTemporal(column.name));
    // Distinct values are what a profile pays most for (a sort per column): counted for text, whose
    // values may be a category or a natural key, and for every column only when a key is to be
    // found. Booleans and other types count them poorly on some engines; only their nulls are read.
    const countable =
      family === 'text' || (input.info.primaryKey.length === 0 && family !== 'other' && family !== 'boolean');
    return {
      nonNull: at(`COUNT(${ref})`),
      distinct: countable ? at(`COUNT(DISTINCT ${ref})`) : null,
      blanks: text ? at(`SUM(CASE WHEN TRIM(${ref}) = '' THEN 1 ELSE 0 END)`) : null,
      maxLength: text ? at(`MAX(${writer.textLength(ref)})`) : null,
      latest: dated ? at(`MAX(${ref})`) : null,
    };
  });
  const run = async (sql: string, rowCap: number) =>
    runSql(
      deps,
      {
        purpose: 'check',
        actor: input.actor,
        database: input.database,
        sql,
        readOnly: true,
        rowCap,
        signal: input.signal,
      },
      { record: () => Promise.resolve('profile') },
    );
  const answered = await run(`SELECT ${select.join(', ')} FROM ${target}`, 1);
  if (!answered.ok) return { rows: 0, columns: [], statements: 1, error: answered.error.message };
  const row = answered.result.rows[0] ?? [];
  const rows = cellNumber(row[0]);
  const profiles: ColumnProfile[] = columns.map(({ column, family }, index) => {
    const at = cells[index];
    const number = (position: number | null | undefined) =>
      position == null ? null : cellNumber(row[position]);
    return {
      name: column.name,
      family,
      nullable: column.nullable,
      nonNull: number(at?.nonNull) ?? 0,
      distinct: number(at?.distinct) ?? 0,
      blanks: number(at?.blanks),
      maxLength: number(at?.maxLength),
      latest: at?.latest == null ? null : (row[at.latest] ?? null),
      values: null,
    };
  });

  const few = profiles.filter(
    (profile) => profile.family === 'text' && profile.distinct > 0 && profile.distinct <= FEW_VALUES,
  );
  let statements = 1;
  if (few.length > 0 && rows > 0) {
    statements += 1;
    const union = few
      .map((profile, index) => {
        const ref = writer.name(profile.name);
        return `SELECT ${index} AS k, ${ref} AS v, COUNT(*) AS n FROM ${target} WHERE ${ref} IS NOT NULL GROUP BY ${ref}`;
      })
      .join('\nUNION ALL\n');
    const values = await run(union, few.length * FEW_VALUES + 1);
    if (values.ok) {
      for (const [k, v, n] of values.result.rows) {
        const profile = few[cellNumber(k)];
        if (!profile || typeof v !== 'string') continue;
        profile.values ??= [];
        profile.values.push({ value: v, count: cellNumber(n) });
      }
    }
  }
  return { rows, columns: profiles, statements, error: null };
}
