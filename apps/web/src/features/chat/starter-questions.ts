import { engineStarterQuestions, isEngine, type SchemaInfo, type TableInfo } from '@querent/contracts';

// Type names engines use for numbers (PostgreSQL, MySQL, SQLite, Snowflake, BigQuery, DuckDB).
const numericType =
  /^(int|integer|smallint|bigint|tinyint|mediumint|int[248]|float[48]?|real|double|decimal|numeric|number|money|hugeint|int64|float64|bignumeric)\b/i;

const moneyLike = /(amount|total|revenue|price|sales|cost|value|spend)/i;

/** Keys and ids are numbers too, but "top 5 by customer_id" is no question anyone asks. */
function isMeasure(table: TableInfo, column: TableInfo['columns'][number]): boolean {
  if (!numericType.test(column.type.trim())) return false;
  if (table.primaryKey.includes(column.name)) return false;
  if (table.foreignKeys.some((key) => key.columns.includes(column.name))) return false;
  return !/(^id$|_id$|Id$|_key$|_code$)/.test(column.name);
}

/** Tables before views, and the biggest first when the engine gave row estimates. */
function rankTables(schema: SchemaInfo): TableInfo[] {
  const tables = schema.schemas.flatMap((item) => item.tables);
  return tables
    .map((table, index) => ({ table, index }))
    .sort(
      (a, b) =>
        Number(a.table.kind === 'view') - Number(b.table.kind === 'view') ||
        (b.table.rowEstimate ?? -1) - (a.table.rowEstimate ?? -1) ||
        a.index - b.index,
    )
    .map((item) => item.table);
}

/** The questions the engine offers when the schema suggests none. */
function fallbackQuestions(engine: string | null | undefined): string[] {
  return engine && isEngine(engine) ? [...engineStarterQuestions[engine]] : [];
}

/**
 * Three questions an empty conversation offers, drawn from the schema so each one can be answered:
 * a count of the largest table, rows of another, and a top 5 by a measure where one exists.
 */
export function starterQuestions(schema: SchemaInfo | null | undefined, engine?: string | null): string[] {
  const tables = schema ? rankTables(schema) : [];
  const largest = tables[0];
  if (!largest) return fallbackQuestions(engine);
  const questions = [`How many rows are in ${largest.name}?`];
  const other = tables[1] ?? largest;
  questions.push(`Show the first 10 rows of ${other.name}`);

  const measures = tables.flatMap((table) =>
    table.columns.filter((column) => isMeasure(table, column)).map((column) => ({ table, column })),
  );
  // Money-like measures make the most natural "top 5" question; otherwise the first measure found.
  const best = measures.find(({ column }) => moneyLike.test(column.name)) ?? measures[0];
  if (best) questions.push(`What are the top 5 ${best.table.name} by ${best.column.name}?`);
  if (questions.length < 3) questions.push(`Describe the columns of ${largest.name}`);
  return questions;
}
