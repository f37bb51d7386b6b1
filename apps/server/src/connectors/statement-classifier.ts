import { createRequire } from 'node:module';
import { type SqlDialect, sqlDialects } from '@querent/contracts';
import type { Parser } from 'node-sql-parser';
import { calledFunction, serverFileAccess } from './server-file-access.ts';
import { lexSql, type SqlToken } from './sql-lexer.ts';

/**
 * Safe mode's second line (safe mode is read-only on every path): decides whether SQL text may
 * change anything. The database's own read-only switch is the first line; this one is what stops a
 * write before it is sent, and the only one for engines without a switch. Anything it cannot fully
 * understand counts as a write: text it cannot tokenize or parse, several statements, a statement
 * kind outside a short allow-list, or a read that still has effects (locking rows, bumping a
 * sequence, taking advisory locks, writing a file, reading the database server's own files).
 */

/**
 * `unparsed`: the text passed every other check and only the grammar could not follow it (DuckDB
 * syntax, for one); an engine with its own parser at hand may ask that parser instead.
 */
export type StatementClass = { kind: 'read' } | { kind: 'write'; reason: string; unparsed?: boolean };

const read: StatementClass = { kind: 'read' };
const write = (reason: string): StatementClass => ({ kind: 'write', reason });
const unparseable = (detail?: string): StatementClass =>
  write(`it could not be parsed${detail ? ` (${detail})` : ''}, so it is treated as a write`);
const ungrammatical: StatementClass = {
  kind: 'write',
  reason: 'it could not be parsed, so it is treated as a write',
  unparsed: true,
};

/** Statement openers that only read; everything else is judged a write before parsing. */
const readOpeners = new Set(['SELECT', 'WITH', 'VALUES', 'TABLE']);
/** Openers that inspect without running anything. */
const inspectOpeners = new Set(['SHOW', 'DESCRIBE', 'DESC']);

/** Words that make any statement a write wherever they appear as code (data-changing CTEs, SELECT INTO). */
const writeWords = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'UPSERT', 'REPLACE', 'INTO', 'TRUNCATE']);

/** Functions with side effects: sequences, locks, settings, files, other servers. */
const sideEffectFunctions = new Set([
  'nextval',
  'setval',
  'set_config',
  'pg_advisory_lock',
  'pg_advisory_lock_shared',
  'pg_advisory_xact_lock',
  'pg_advisory_xact_lock_shared',
  'pg_try_advisory_lock',
  'pg_try_advisory_lock_shared',
  'pg_try_advisory_xact_lock',
  'pg_try_advisory_xact_lock_shared',
  'pg_advisory_unlock',
  'pg_advisory_unlock_shared',
  'pg_advisory_unlock_all',
  'pg_notify',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'pg_switch_wal',
  'pg_create_restore_point',
  'pg_stat_reset',
  'pg_stat_reset_shared',
  'pg_file_write',
  'lo_import',
  'lo_export',
  'lo_create',
  'lo_unlink',
  'lo_put',
  'lo_from_bytea',
  'dblink',
  'dblink_exec',
  'get_lock',
  'release_lock',
  'release_all_locks',
  'load_extension',
]);

/** PRAGMAs that take an object name and only report on it. */
const reportingPragmas = new Set([
  'table_info',
  'table_xinfo',
  'table_list',
  'index_list',
  'index_info',
  'index_xinfo',
  'foreign_key_list',
  'foreign_key_check',
  'integrity_check',
  'quick_check',
  'show',
  'storage_info',
]);
/** PRAGMAs that read a setting when given no argument (with one, `PRAGMA x(1)` sets it). */
const settingPragmas = new Set([
  'database_list',
  'collation_list',
  'function_list',
  'module_list',
  'pragma_list',
  'compile_options',
  'page_count',
  'page_size',
  'freelist_count',
  'user_version',
  'application_id',
  'encoding',
  'data_version',
  'schema_version',
  'foreign_keys',
  'journal_mode',
  'database_size',
  'show_tables',
  'show_tables_expanded',
  'version',
  'platform',
]);

const explainOptions = new Set([
  'ANALYZE',
  'ANALYSE',
  'VERBOSE',
  'QUERY',
  'PLAN',
  'EXTENDED',
  'PARTITIONS',
  'FORMAT',
  'JSON',
  'TREE',
  'TRADITIONAL',
  'TEXT',
]);

/** Lexing modes to try: the dialect's own, and the other one too where a server setting can flip it. */
function backslashModes(dialect: SqlDialect): boolean[] {
  const { byDefault, switchable } = sqlDialects[dialect].lexical.backslashEscapes;
  return switchable ? [byDefault, !byDefault] : [byDefault];
}

const requireCjs = createRequire(import.meta.url);
let parser: Parser | null = null;

/**
 * The grammars are a 2.5 MB script that takes a tenth of a second to load, so they load when the
 * first statement gets as far as parsing rather than at boot. Classifying is synchronous, hence
 * require rather than import().
 */
function sqlParser(): Parser {
  if (!parser) {
    const { Parser: SqlParser } = requireCjs('node-sql-parser') as { Parser: typeof Parser };
    parser = new SqlParser();
  }
  return parser;
}

export function classifyStatement(sql: string, dialect: SqlDialect): StatementClass {
  // The server's escaping setting is unknown here, so the text must read as safe either way.
  for (const backslashEscapes of backslashModes(dialect)) {
    const verdict = classifyLexed(sql, dialect, backslashEscapes);
    if (verdict.kind === 'write') return verdict;
  }
  return read;
}

function classifyLexed(sql: string, dialect: SqlDialect, backslashEscapes: boolean): StatementClass {
  const lexed = lexSql(sql, { dialect, backslashEscapes });
  if (!lexed.ok) return unparseable(lexed.reason);
  const [statement, ...others] = lexed.statements;
  if (!statement) return read;
  if (others.length > 0) return write('it contains several statements; run one statement at a time');
  return classifyTokens(sql, skipExplain(statement), dialect);
}

/** EXPLAIN (even ANALYZE, which runs it) is exactly as safe as the statement it explains. */
function skipExplain(tokens: SqlToken[]): SqlToken[] {
  if (upper(tokens[0]) !== 'EXPLAIN') return tokens;
  let i = 1;
  if (tokens[i]?.text === '(') {
    const close = tokens.findIndex((token, index) => index > i && token.text === ')');
    i = close < 0 ? tokens.length : close + 1;
  }
  while (i < tokens.length && (explainOptions.has(upper(tokens[i])) || tokens[i]?.text === '=')) i += 1;
  return tokens.slice(i);
}

function classifyTokens(sql: string, tokens: SqlToken[], dialect: SqlDialect): StatementClass {
  const first = tokens[0];
  if (!first) return unparseable('nothing follows EXPLAIN');
  const opener = upper(first);
  const rules = sqlDialects[dialect].safeMode;
  const fileAccess = serverFileAccess(tokens, rules.serverFiles);
  if (fileAccess) return write(fileAccess);
  if (inspectOpeners.has(opener) || rules.inspectOpeners.includes(opener)) return read;
  if (opener === 'PRAGMA') return classifyPragma(tokens);
  const startsRead = readOpeners.has(opener) || first.text === '(' || rules.readOpeners.includes(opener);
  if (!startsRead) return write(`it would modify data or settings: ${opener || first.text}`);
  const tokenVerdict = scanTokens(tokens, opener, rules.refusedFunctions);
  if (tokenVerdict.kind === 'write') return tokenVerdict;
  return classifyParsed(textForParser(sql, tokens, dialect), opener, dialect);
}

/**
 * The statement with every string and quoted name replaced by a plain one: the lexer already
 * knows where they are, and the grammars disagree with databases on quoting ([names], E'…', $$…$$).
 */
function textForParser(sql: string, tokens: SqlToken[], dialect: SqlDialect): string {
  const { quote } = sqlDialects[dialect].identifiers;
  let text = '';
  let at = tokens[0]?.start ?? 0;
  tokens.forEach((token, index) => {
    if (token.kind !== 'string' && token.kind !== 'quoted') return;
    // A prefix glued to a string (X'01', N'…', _utf8mb4'…') goes too: X's' would not parse.
    const previous = tokens[index - 1];
    const glued = token.kind === 'string' && previous?.kind === 'word' && previous.end === token.start;
    text += sql.slice(at, glued ? previous.start : token.start);
    text += token.kind === 'string' ? "'s'" : `${quote}q${index}${quote}`;
    at = token.end;
  });
  return text + sql.slice(at, tokens.at(-1)?.end ?? at);
}

function classifyPragma(tokens: SqlToken[]): StatementClass {
  if (tokens.some((token) => token.text === '=')) return write('it changes a setting: PRAGMA');
  // PRAGMA [schema.]name[(argument)]
  const dotted = tokens[2]?.text === '.';
  const name = (dotted ? tokens[3] : tokens[1])?.text.toLowerCase() ?? '';
  const hasArgument = tokens.length > (dotted ? 4 : 2);
  if (reportingPragmas.has(name)) return read;
  if (settingPragmas.has(name) && !hasArgument) return read;
  return write(`it may change the database: PRAGMA ${name}`.trimEnd());
}

function scanTokens(tokens: SqlToken[], opener: string, refused: readonly string[]): StatementClass {
  for (let i = 0; i < tokens.length; i += 1) {
    // A quoted name calls the same function: "pg_advisory_lock"(1).
    const called = calledFunction(tokens, i);
    if (called && (sideEffectFunctions.has(called) || refused.includes(called))) {
      return write(`it has side effects: ${called}()`);
    }
    const token = tokens[i];
    if (token?.kind !== 'word') continue;
    const word = token.text.toUpperCase();
    const nextWord = upper(tokens[i + 1]);
    if (word === 'FOR' && ['UPDATE', 'SHARE', 'NO', 'KEY'].includes(nextWord)) {
      return write(`it locks rows: ${opener} … FOR ${nextWord}`);
    }
    if (word === 'LOCK' && nextWord === 'IN') return write(`it locks rows: ${opener} … LOCK IN SHARE MODE`);
    if (word === 'INTO') return write(`it would write its result: ${opener} … INTO`);
    // REPLACE is also a string function; only REPLACE INTO (caught above) writes.
    if (writeWords.has(word) && word !== 'REPLACE') return write(`it would modify data: ${word}`);
  }
  return read;
}

function classifyParsed(statement: string, opener: string, dialect: SqlDialect): StatementClass {
  if (opener === 'TABLE') {
    // PostgreSQL's `TABLE name` is SELECT * FROM name; the grammar lacks it.
    return /^TABLE\s+[\w."]+$/i.test(statement) ? read : ungrammatical;
  }
  // Shapes the grammars lack, rewritten to an equivalent SELECT so the parser can still vouch for them.
  const text =
    opener === 'VALUES'
      ? `SELECT * FROM (${statement}) AS v`
      : opener === 'FROM'
        ? `SELECT * ${statement}`
        : statement;
  for (const database of sqlDialects[dialect].safeMode.grammars) {
    let ast: unknown;
    try {
      ast = sqlParser().astify(text, { database });
    } catch {
      continue;
    }
    return classifyAst(ast);
  }
  return ungrammatical;
}

/** Statement types node-sql-parser produces that change data, schema, session or locks. */
const writeAstTypes = new Set([
  'insert',
  'replace',
  'update',
  'delete',
  'merge',
  'upsert',
  'create',
  'drop',
  'alter',
  'truncate',
  'rename',
  'call',
  'exec',
  'execute',
  'set',
  'lock',
  'unlock',
  'grant',
  'revoke',
  'use',
  'transaction',
  'load_data',
  'declare',
]);

function classifyAst(root: unknown): StatementClass {
  const roots: unknown[] = Array.isArray(root) ? (root as unknown[]) : [root];
  if (roots.length !== 1) return write('it contains several statements; run one statement at a time');
  const stack: unknown[] = [...roots];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    const verdict = classifyNode(node as Record<string, unknown>);
    if (verdict.kind === 'write') return verdict;
    stack.push(...(Object.values(node) as unknown[]));
  }
  return read;
}

function classifyNode(node: Record<string, unknown>): StatementClass {
  const type = typeof node.type === 'string' ? node.type.toLowerCase() : '';
  if (writeAstTypes.has(type)) return write(`it would modify data or settings: ${type.toUpperCase()}`);
  if (type !== 'select') return read;
  const into = node.into as { position?: unknown; expr?: unknown } | null | undefined;
  if (into && (into.position || into.expr)) return write('it would write its result: SELECT … INTO');
  if (node.locking_read) {
    const lock = typeof node.locking_read === 'string' ? node.locking_read : 'FOR UPDATE';
    return write(`it locks rows: SELECT … ${lock}`);
  }
  return read;
}

function upper(token: SqlToken | undefined): string {
  return token?.kind === 'word' ? token.text.toUpperCase() : '';
}
