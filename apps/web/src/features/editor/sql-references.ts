import { isName, type ScanOptions, scanSql, type Token } from './sql-scanner.ts';

/** A table named in a statement, with the alias it goes by there, if any. */
export interface TableReference {
  /** `schema.table` parts as written, unquoted; one part when unqualified. */
  path: string[];
  alias: string | null;
}

// A word that introduces a table name.
const tableIntroducers = new Set(['from', 'join', 'update', 'into', 'table']);

// Words that may follow a table name but are never its alias.
const notAliases = new Set(
  `where join inner left right full outer cross natural on using group order having limit offset union
except intersect window set values select returning as lateral fetch for into qualify sample tablesample
with when then else end and or`.split(/\s+/),
);

function readPath(tokens: Token[], start: number): { path: string[]; next: number } | null {
  const first = tokens[start];
  if (!isName(first)) return null;
  const path = [first.value];
  let index = start + 1;
  while (tokens[index]?.value === '.' && isName(tokens[index + 1])) {
    path.push((tokens[index + 1] as Token).value);
    index += 2;
  }
  return { path, next: index };
}

function readAlias(tokens: Token[], start: number): { alias: string | null; next: number } {
  let index = start;
  if (tokens[index]?.kind === 'word' && tokens[index]?.value.toLowerCase() === 'as') index += 1;
  const candidate = tokens[index];
  if (!isName(candidate)) return { alias: null, next: index };
  if (candidate.kind === 'word' && notAliases.has(candidate.value.toLowerCase())) {
    return { alias: null, next: index };
  }
  return { alias: candidate.value, next: index + 1 };
}

/**
 * The tables a statement reads or writes, with their aliases: `FROM a x, b AS y JOIN s.c z`.
 * Sub-queries in FROM are skipped (their alias names a derived table, not a stored one).
 */
export function findTableReferences(sql: string, options: ScanOptions = {}): TableReference[] {
  const tokens = scanSql(sql, options);
  const references: TableReference[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    if (token.kind !== 'word' || !tableIntroducers.has(token.value.toLowerCase())) continue;
    let cursor = index + 1;
    // FROM a, b, c: a comma after a reference introduces the next one.
    for (;;) {
      const read = readPath(tokens, cursor);
      if (!read) break;
      const { alias, next } = readAlias(tokens, read.next);
      references.push({ path: read.path, alias });
      cursor = next;
      if (tokens[cursor]?.value !== ',' || token.value.toLowerCase() !== 'from') break;
      cursor += 1;
    }
    index = cursor - 1;
  }
  return references;
}
