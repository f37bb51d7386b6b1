import type { FormatterLanguage } from '@querent/contracts';
import {
  type DialectOptions,
  bigquery,
  duckdb,
  formatDialect,
  mysql,
  postgresql,
  snowflake,
  sql,
  sqlite,
} from 'sql-formatter';
import type { EngineSyntax } from './sql-dialects.ts';

// Only the engines' dialects are imported so the bundle leaves sql-formatter's others out.
const dialects: Record<FormatterLanguage, DialectOptions> = {
  postgresql,
  mysql,
  sqlite,
  snowflake,
  bigquery,
  duckdb,
  sql,
};

/** Parenthesised blocks of up to 50 characters stay on one line. */
export const INLINE_BLOCK_LIMIT = 50;

/**
 * Pretty-prints SQL in the engine's dialect. Throws when the formatter cannot parse the text (a
 * half-written statement, a vendor extension); the editor then keeps the text and says why.
 */
export function formatSql(text: string, syntax: Pick<EngineSyntax, 'editor'>): string {
  return formatDialect(text, {
    dialect: dialects[syntax.editor.formatter],
    expressionWidth: INLINE_BLOCK_LIMIT,
    keywordCase: 'upper',
  });
}
