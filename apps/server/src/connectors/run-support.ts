import type {
  Connector,
  ResultColumn,
  ResultRow,
  ResultStream,
  RunOptions,
  RunResult,
  SqlDialect,
} from './connector.ts';
import { readOnlyError } from './connector-error.ts';
import type { QueryControl } from './query-control.ts';
import { lexSql } from './sql-lexer.ts';
import { classifyStatement } from './statement-classifier.ts';

/** Below this much time left, counting a cut result is not worth starting. */
const minimumCountBudgetMs = 50;

/** An engine's own parser, asked when the grammar could not follow otherwise harmless text. */
export type ReadConfirmer = (sql: string) => Promise<boolean>;

/**
 * Safe mode: refuses a write before anything reaches the database. Returns whether the statement
 * is known to only read, which is what makes counting a cut result (running it again) safe.
 */
export async function checkStatement(
  sql: string,
  dialect: SqlDialect,
  readOnly: boolean,
  confirmRead?: ReadConfirmer,
): Promise<boolean> {
  const verdict = classifyStatement(sql, dialect);
  if (verdict.kind === 'read') return true;
  if (verdict.unparsed && confirmRead && (await confirmRead(sql).catch(() => false))) return true;
  if (readOnly) throw readOnlyError(verdict.reason);
  return false;
}

/** What an engine returns for a capped statement, before counting. */
export interface CappedResult {
  rows: ResultRow[];
  columns: ResultColumn[];
  truncated: boolean;
  affectedRows: number | null;
}

/**
 * Completes a run: the count is exact when the result fits, and when it was cut the total is
 * counted in the database within what is left of the time limit — never for a write, which
 * counting would run a second time.
 */
export async function finishRun(
  connector: Connector,
  sql: string,
  options: RunOptions,
  startedAt: number,
  capped: CappedResult,
  isRead: boolean,
): Promise<RunResult> {
  let count: number | null = capped.rows.length;
  if (capped.truncated && !isRead) count = null;
  else if (capped.truncated) {
    const elapsed = performance.now() - startedAt;
    count = await countTotal(connector, sql, options, options.timeoutMs - elapsed);
  }
  return {
    rows: capped.rows,
    columns: capped.columns,
    count,
    truncated: capped.truncated,
    durationMs: Math.round(performance.now() - startedAt),
    affectedRows: capped.affectedRows,
  };
}

async function countTotal(
  connector: Connector,
  sql: string,
  options: RunOptions,
  budgetMs: number,
): Promise<number | null> {
  if (budgetMs < minimumCountBudgetMs || options.signal?.aborted) return null;
  const body = statementBody(sql, connector.dialect);
  if (!body) return null;
  try {
    const result = await connector.run(
      `SELECT count(*) AS querent_total FROM (\n${body}\n) AS querent_counted`,
      {
        ...options,
        rowCap: 1,
        timeoutMs: Math.floor(budgetMs),
      },
    );
    // The count is the only column of the only row.
    const value = result.rows[0]?.[0];
    const total = typeof value === 'string' ? Number(value) : value;
    return typeof total === 'number' && Number.isFinite(total) ? total : null;
  } catch {
    // Some statements cannot be wrapped (SHOW, PRAGMA…) and the budget may run out: the total is unknown.
    return null;
  }
}

/** The statement without trailing semicolons and comments, so it can sit inside a subquery. */
export function statementBody(sql: string, dialect: SqlDialect): string | null {
  const lexed = lexSql(sql, { dialect });
  if (!lexed.ok || lexed.statements.length !== 1) return null;
  const tokens = lexed.statements[0] ?? [];
  const first = tokens[0];
  const last = tokens.at(-1);
  return first && last ? sql.slice(first.start, last.end) : null;
}

/** A source of batches an engine provides; the first one is read up front to learn the columns. */
export interface BatchSource {
  columns: ResultColumn[];
  first: ResultRow[];
  /** The next batch, or null at the end. */
  next(): Promise<ResultRow[] | null>;
  /** Frees the connection; called once, whether or not the end was reached. */
  release(): Promise<void>;
}

/**
 * Wraps a batch source as a ResultStream whose connection is freed exactly once: at the end, on
 * close(), or when the time limit gave up on it while nobody was reading.
 */
export function streamFromSource(source: BatchSource, control: QueryControl): ResultStream {
  let released: Promise<void> | null = null;
  const close = (): Promise<void> => {
    released ??= source.release();
    return released;
  };
  control.onGiveUp(() => {
    void close();
  });
  async function* batches(): AsyncGenerator<ResultRow[]> {
    try {
      if (source.first.length > 0) yield source.first;
      for (let batch = await source.next(); batch; batch = await source.next()) {
        if (batch.length > 0) yield batch;
      }
    } finally {
      await close();
    }
  }
  return {
    columns: source.columns,
    close,
    [Symbol.asyncIterator]: batches,
  };
}

/** The statement's first keyword, upper case ('' when there is none), to spot session-changing commands. */
export function openingWord(sql: string, dialect: SqlDialect): string {
  const lexed = lexSql(sql, { dialect });
  const first = lexed.ok ? lexed.statements[0]?.[0] : undefined;
  return first?.kind === 'word' ? first.text.toUpperCase() : '';
}
