import { MySQL, PostgreSQL, SQLDialect, SQLite, StandardSQL } from '@codemirror/lang-sql';
import type { CodeMirrorDialect } from '@querent/contracts';
import type { EngineSyntax } from './sql-dialects.ts';

const dialects: Record<CodeMirrorDialect, SQLDialect> = { PostgreSQL, MySQL, SQLite, StandardSQL };

// Standard SQL reads only "…" as a name; an engine quoting with backticks (BigQuery) would show errors.
let backtickStandardSql: SQLDialect | null = null;

/** The CodeMirror dialect (keywords, types, quoting) the engine's descriptor names for its SQL. */
export function editorDialect(syntax: Pick<EngineSyntax, 'editor' | 'identifiers'>): SQLDialect {
  const dialect = dialects[syntax.editor.codemirror];
  if (dialect !== StandardSQL || syntax.identifiers.quote !== '`') return dialect;
  backtickStandardSql ??= SQLDialect.define({ ...StandardSQL.spec, identifierQuotes: '`' });
  return backtickStandardSql;
}
