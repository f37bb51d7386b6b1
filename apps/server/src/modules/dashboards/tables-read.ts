import type { SqlDialect } from '@querent/contracts';
import { lexSql, type SqlToken } from '../../connectors/sql-lexer.ts';

/** Words that end a table reference in a FROM list rather than naming its alias. */
const clauseWords = new Set([
  'WHERE',
  'JOIN',
  'INNER',
  'LEFT',
  'RIGHT',
  'FULL',
  'CROSS',
  'NATURAL',
  'ON',
  'USING',
  'GROUP',
  'ORDER',
  'LIMIT',
  'OFFSET',
  'HAVING',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'WINDOW',
  'FETCH',
  'FOR',
  'LATERAL',
  'TABLESAMPLE',
  'QUALIFY',
  'OUTER',
]);
/** Functions whose arguments say FROM without naming a table: EXTRACT(YEAR FROM day). */
const fromInArguments = new Set(['EXTRACT', 'SUBSTRING', 'TRIM', 'OVERLAY', 'POSITION']);

const upper = (token: SqlToken | undefined) => (token?.kind === 'word' ? token.text.toUpperCase() : '');

function nameText(token: SqlToken): string {
  if (token.kind !== 'quoted') return token.text;
  const close = token.text.startsWith('[') ? ']' : token.text.charAt(0);
  return token.text.slice(1, -1).replaceAll(close + close, close);
}

const isName = (token: SqlToken | undefined) => token?.kind === 'word' || token?.kind === 'quoted';

/** A dotted name starting at `index` (schema.table), and the index after it; null when none starts there. */
function readName(tokens: SqlToken[], index: number): { name: string; next: number } | null {
  const parts: string[] = [];
  let at = index;
  for (;;) {
    const token = tokens[at];
    if (!token || !isName(token) || clauseWords.has(upper(token))) break;
    parts.push(nameText(token));
    at += 1;
    if (tokens[at]?.text !== '.') break;
    at += 1;
  }
  return parts.length === 0 ? null : { name: parts.join('.').toLowerCase(), next: at };
}

/**
 * The tables a read names after FROM and JOIN (and in a FROM list's commas), in lower case as
 * written (`schema.table` or `table`), the query's own WITH names left out. A reading of the text,
 * not of the plan: a view counts as the table it is named as. Answers none for text it cannot read.
 */
export function tablesRead(sql: string, dialect: SqlDialect): string[] {
  const lexed = lexSql(sql, { dialect });
  if (!lexed.ok) return [];
  const names = new Set<string>();
  const withNames = new Set<string>();
  for (const tokens of lexed.statements) {
    // For each open parenthesis: whether it holds a function's arguments that may say FROM.
    const inArguments: boolean[] = [];
    for (let index = 0; index < tokens.length; index += 1) {
      const token = tokens[index];
      if (token?.text === '(') {
        inArguments.push(fromInArguments.has(upper(tokens[index - 1])));
        continue;
      }
      if (token?.text === ')') {
        inArguments.pop();
        continue;
      }
      const word = upper(token);
      // `name AS (`: a WITH query's name.
      if (word === 'AS' && tokens[index + 1]?.text === '(' && isName(tokens[index - 1])) {
        const named = tokens[index - 1];
        if (named) withNames.add(nameText(named).toLowerCase());
      }
      if ((word !== 'FROM' && word !== 'JOIN') || inArguments.at(-1) === true) continue;
      let at = index + 1;
      for (;;) {
        const read = readName(tokens, at);
        if (read === null) break;
        names.add(read.name);
        at = read.next;
        if (upper(tokens[at]) === 'AS') at += 1;
        if (isName(tokens[at]) && !clauseWords.has(upper(tokens[at]))) at += 1;
        if (tokens[at]?.text !== ',') break;
        at += 1;
      }
    }
  }
  return [...names].filter((name) => !withNames.has(name));
}
