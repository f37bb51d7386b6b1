import type { ServerFileRules } from '@querent/contracts';
import type { SqlToken } from './sql-lexer.ts';

/*
 * Safe mode's check for statements that reach the database server's files (or run SQL text that
 * could), for the statement classifier. The database cannot stop these itself when the
 * credentials are powerful enough, so the classifier is the only line.
 */

/** The name a word or a quoted name stands for, lower case: `"pg_read_file"` and `pg_read_file` alike. */
export function nameOf(token: SqlToken | undefined): string | null {
  if (token?.kind === 'word') return token.text.toLowerCase();
  if (token?.kind !== 'quoted') return null;
  const quote = token.text[0] ?? '';
  const close = quote === '[' ? ']' : quote;
  const inner = token.text.slice(1, token.text.endsWith(close) ? -1 : undefined);
  return inner.replaceAll(close + close, close).toLowerCase();
}

/** The function a token calls, when a `(` follows it: a plain or quoted name, schema-qualified or not. */
export function calledFunction(tokens: readonly SqlToken[], index: number): string | null {
  return tokens[index + 1]?.text === '(' ? nameOf(tokens[index]) : null;
}

function matches(name: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) =>
    pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern,
  );
}

/** Why the statement would reach the server's files, or null when it would not. */
export function serverFileAccess(tokens: readonly SqlToken[], rules: ServerFileRules): string | null {
  const opener = tokens[0]?.kind === 'word' ? tokens[0].text.toUpperCase() : '';
  if (opener === 'SHOW') {
    const shown = tokens
      .slice(1)
      .map((token) => token.text.toUpperCase())
      .join(' ');
    const found = rules.shows.find((words) => shown === words || shown.startsWith(`${words} `));
    if (found) return `it reads files of the database server: SHOW ${found}`;
  }
  for (let i = 0; i < tokens.length; i += 1) {
    const called = calledFunction(tokens, i);
    if (called && matches(called, rules.functions)) {
      return `it can reach files of the database server: ${called}()`;
    }
    const name = nameOf(tokens[i]);
    if (name && rules.relations.includes(name)) {
      return `it reads files of the database server: ${name}`;
    }
  }
  if (rules.pathsAsTables) {
    const path = pathInTablePosition(tokens);
    if (path) return `it reads a file of the database server: ${path}`;
  }
  return null;
}

/** Words that end a FROM list at its own depth (ON and USING do not: `JOIN b ON …, c` goes on listing). */
const fromListEnders = new Set([
  'WHERE',
  'GROUP',
  'HAVING',
  'ORDER',
  'LIMIT',
  'OFFSET',
  'FETCH',
  'QUALIFY',
  'WINDOW',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'SELECT',
  'RETURNING',
]);

/**
 * A string or path-like quoted name where a table belongs: DuckDB reads `FROM 'data.csv'` and
 * `FROM "logs/x.json"` as the file at that path. Table positions are the first item after FROM
 * or JOIN and every item after a comma of the same FROM list.
 */
function pathInTablePosition(tokens: readonly SqlToken[]): string | null {
  // The parenthesis depths at which a FROM list is open.
  const openFromLists = new Set<number>();
  let depth = 0;
  let expectTable = false;
  for (const token of tokens) {
    if (expectTable && isPath(token)) return token.text;
    expectTable = false;
    if (token.text === '(') depth += 1;
    else if (token.text === ')') {
      openFromLists.delete(depth);
      depth -= 1;
    } else if (token.kind === 'word') {
      const word = token.text.toUpperCase();
      if (word === 'FROM' || word === 'JOIN') {
        openFromLists.add(depth);
        expectTable = true;
      } else if (fromListEnders.has(word)) openFromLists.delete(depth);
    } else if (token.text === ',' && openFromLists.has(depth)) expectTable = true;
  }
  return null;
}

/** Endings DuckDB reads a quoted name as a file by; a table may be called "a.b" but not "a.csv". */
const dataFileEnding = /\.(csv|tsv|txt|parquet|json|jsonl|ndjson|xlsx|arrow|avro|gz|zst)$/i;

function isPath(token: SqlToken): boolean {
  if (token.kind === 'string') return true;
  const name = nameOf(token) ?? '';
  return token.kind === 'quoted' && (/[/\\:]/.test(name) || dataFileEnding.test(name));
}
