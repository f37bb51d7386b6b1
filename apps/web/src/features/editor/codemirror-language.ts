import { MySQL, PostgreSQL, SQLDialect, SQLite, StandardSQL } from '@codemirror/lang-sql';
import type { Engine } from '@querent/contracts';

// BigQuery quotes names with backticks; the standard dialect would read them as errors.
const BigQuerySQL = SQLDialect.define({ ...StandardSQL.spec, identifierQuotes: '`' });

/**
 * The CodeMirror dialect (keywords, types, quoting) for an engine: PostgreSQL, MySQL and SQLite
 * have their own; DuckDB (MotherDuck) follows PostgreSQL; the others get standard SQL.
 */
export function editorDialect(engine: string | null | undefined): SQLDialect {
  switch (engine as Engine | null | undefined) {
    case 'postgres':
    case 'motherduck':
      return PostgreSQL;
    case 'mysql':
      return MySQL;
    case 'sqlite':
      return SQLite;
    case 'bigquery':
      return BigQuerySQL;
    default:
      return StandardSQL;
  }
}
