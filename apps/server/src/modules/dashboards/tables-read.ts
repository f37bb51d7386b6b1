import type { SqlDialect } from '@querent/contracts';
import { nameOf } from '../../connectors/server-file-access.ts';
import { lexSql, type SqlToken } from '../../connectors/sql-lexer.ts';
import { tablePositions } from '../../connectors/table-positions.ts';

/** A dotted name starting at `index` (`schema.table`), lower case; null when no name starts there. */
function dottedName(tokens: readonly SqlToken[], index: number): string | null {
  const parts: string[] = [];
  for (let at = index; ; at += 2) {
    const part = nameOf(tokens[at]);
    if (part === null) break;
    parts.push(part);
    if (tokens[at + 1]?.text !== '.') break;
  }
  return parts.length === 0 ? null : parts.join('.');
}

/**
 * The tables a read names where a table belongs (after FROM and JOIN, and in a FROM list's
 * commas: `table-positions.ts`), lower case as written (`schema.table` or `table`), the query's
 * own WITH names left out. A reading of the text, not of the plan: a view counts as the table it
 * is named as. Answers none for text it cannot read.
 */
export function tablesRead(sql: string, dialect: SqlDialect): string[] {
  const lexed = lexSql(sql, { dialect });
  if (!lexed.ok) return [];
  const names = new Set<string>();
  const withNames = new Set<string>();
  for (const tokens of lexed.statements) {
    tokens.forEach((token, index) => {
      // `name AS (`: a WITH query's name.
      const named = nameOf(tokens[index - 1]);
      if (
        token.kind === 'word' &&
        token.text.toUpperCase() === 'AS' &&
        tokens[index + 1]?.text === '(' &&
        named
      )
        withNames.add(named);
    });
    for (const position of tablePositions(tokens)) {
      const name = dottedName(tokens, position);
      if (name !== null) names.add(name);
    }
  }
  return [...names].filter((name) => !withNames.has(name));
}
