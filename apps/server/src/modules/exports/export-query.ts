import type { Readable } from 'node:stream';
import type { ExportFormat } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { requireDatabase } from '../databases/database-access.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { requireQuery } from '../queries/query-access.ts';
import type { SqlRunDeps } from '../sql-runs/sql-run-deps.ts';
import { streamSql } from '../sql-runs/stream-sql.ts';
import type { User } from '../users/user.ts';
import { copiedCsvBody } from './csv-copy-export.ts';
import { csvBody } from './csv-export.ts';
import { exportContentTypes, exportFilename } from './export-filename.ts';
import type { ExportStats } from './limited-batches.ts';
import { limitedBatches } from './limited-batches.ts';
import { xlsxBody, xlsxSheetRows } from './xlsx-export.ts';

export interface ExportDeps extends SqlRunDeps {
  db: StoreDb;
  /** Most rows written (EXPORT_MAX_ROWS). */
  maxRows: number;
  /** Time limit of the whole export (EXPORT_TIMEOUT_MS). */
  timeoutMs: number;
  /** Rows fetched per round trip; also about the most rows held in memory at once. */
  batchRows?: number;
}

export type ExportSource = { queryId: string } | { sql: string; databaseId: string };

export interface ExportFile {
  filename: string;
  contentType: string;
  /** Most rows this file may hold. */
  rowLimit: number;
  body: Readable;
  /** Final once `body` has ended. */
  stats: ExportStats;
}

const defaultBatchRows = 5000;

async function resolveSource(
  db: StoreDb,
  user: User,
  source: ExportSource,
): Promise<{ sql: string; database: DatabaseRecord; title: string | null }> {
  if ('queryId' in source) {
    const { query, database } = await requireQuery(db, user, source.queryId, 'run');
    return { sql: query.sql, database, title: query.title };
  }
  return {
    sql: source.sql,
    database: await requireDatabase(db, user, source.databaseId, 'run'),
    title: null,
  };
}

/**
 * GET /api/query/{id}/export and POST /api/query/_export: the whole result, read from the
 * database batch by batch (never held whole), up to EXPORT_MAX_ROWS, within EXPORT_TIMEOUT_MS,
 * read-only under safe mode. A statement that fails, or is refused by safe mode, fails here,
 * before any byte is sent, as a 400 with the database's message. Aborting `signal` (the client
 * went away) cancels the statement in the database.
 */
export async function openExport(
  deps: ExportDeps,
  input: { user: User; source: ExportSource; format: ExportFormat; signal?: AbortSignal | undefined },
): Promise<ExportFile> {
  const { sql, database, title } = await resolveSource(deps.db, input.user, input.source);
  const rowLimit = input.format === 'xlsx' ? Math.min(deps.maxRows, xlsxSheetRows - 1) : deps.maxRows;
  const stats: ExportStats = { rows: 0, truncated: false };
  const body = await streamSql(
    deps,
    {
      purpose: 'export',
      actor: input.user,
      database,
      sql,
      signal: input.signal,
      timeLimitMs: deps.timeoutMs,
      batchRows: deps.batchRows ?? defaultBatchRows,
      // CSV the database writes itself (PostgreSQL's COPY) skips parsing, converting and encoding
      // every value here: the export then costs little more than the copy. Engines without it,
      // XLSX, and results it does not cover come as rows instead.
      csvRows: input.format === 'csv' ? deps.maxRows : undefined,
    },
    (source) => {
      if (source.kind === 'csv') {
        return { body: copiedCsvBody(source.copy, stats, deps.maxRows), rowCount: () => stats.rows };
      }
      const { stream } = source;
      // Thrown here, the stream is closed by streamSql and the user gets a 400 before any byte.
      if (stream.columns.length === 0) {
        throw new AppError('BAD_REQUEST', 'The statement returns no rows to export', { field: 'query' });
      }
      const build = input.format === 'xlsx' ? xlsxBody : csvBody;
      const batches = limitedBatches(stream, rowLimit, stats);
      return { body: build(stream.columns, batches, stats, rowLimit), rowCount: () => stats.rows };
    },
  );
  return {
    filename: exportFilename(title, input.format),
    contentType: exportContentTypes[input.format],
    rowLimit,
    body,
    stats,
  };
}
