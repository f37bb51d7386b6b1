import type { ServerFileRules } from '@querent/contracts';
import type { SqlToken } from './sql-lexer.ts';
import { tablePositions } from './table-positions.ts';

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

/**
 * A string or path-like quoted name where a table belongs (`table-positions.ts`): DuckDB reads
 * `FROM 'data.csv'` and `FROM "logs/x.json"` as the file at that path.
 */
function pathInTablePosition(tokens: readonly SqlToken[]): string | null {
  for (const position of tablePositions(tokens)) {
    const token = tokens[position];
    if (token && isPath(token)) return token.text;
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
