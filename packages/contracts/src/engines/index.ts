import { bigquery, bigquerySql } from './bigquery.ts';
import { duckdbSql } from './duckdb-sql.ts';
import type { EngineDescriptor } from './engine-descriptor.ts';
import { type Engine, isEngine } from './engine-names.ts';
import { motherduck } from './motherduck.ts';
import { mysql, mysqlSql } from './mysql.ts';
import { postgres, postgresSql } from './postgres.ts';
import { snowflake, snowflakeSql } from './snowflake.ts';
import type { SqlDialect, SqlDialectDescriptor } from './sql-dialect-descriptor.ts';
import { sqlite, sqliteSql } from './sqlite.ts';

export type * from './engine-descriptor.ts';
export type * from './sql-dialect-descriptor.ts';
export { type ColumnFamily, columnFamily } from './column-types.ts';
export { type QuoteWhen, quoteIdentifier, quoteLiteral } from './sql-quoting.ts';
export { engineStarterQuestions } from './starter-questions.ts';

export { type Engine, engines, isEngine } from './engine-names.ts';

export const engineDescriptors: Readonly<Record<Engine, EngineDescriptor>> = {
  postgres,
  mysql,
  snowflake,
  sqlite,
  bigquery,
  motherduck,
};

export const sqlDialects: Readonly<Record<SqlDialect, SqlDialectDescriptor>> = {
  postgres: postgresSql,
  mysql: mysqlSql,
  sqlite: sqliteSql,
  duckdb: duckdbSql,
  snowflake: snowflakeSql,
  bigquery: bigquerySql,
};

/** What blank details of the engine stand for: its fields' defaults (ports). */
export function detailDefaults(engine: Engine): Readonly<Record<string, string | number>> {
  const defaults: Record<string, string | number> = {};
  for (const field of engineDescriptors[engine].fields) {
    if (field.default !== undefined) defaults[field.name] = field.default;
  }
  return defaults;
}

/** Blank connection details for a new database of this engine: its usual fields, defaults filled in. */
export function blankDetails(engine: string): Record<string, string | number | null> {
  if (!isEngine(engine)) throw new Error('Unsupported engine');
  const usual = engineDescriptors[engine].fields.filter((field) => !field.alternative);
  return Object.fromEntries(usual.map((field) => [field.name, field.default ?? null]));
}
