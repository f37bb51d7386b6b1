// What a PostgreSQL database has done, from pg_stat_database, to price the store's work per turn.
import pg from 'pg';
import { postgresServer } from './query-run.bench.ts';

export interface StoreCounters {
  transactions: number;
  rowsWritten: number;
  rowsRead: number;
  /** Milliseconds spent executing statements in this database. */
  activeMs: number;
}

/**
 * Reads the counters of `database`. Backends publish their counts when they go idle, at most
 * every few seconds, so the caller waits for quiet (see `settleStats`) before reading.
 */
export async function readCounters(database: string): Promise<StoreCounters> {
  const client = new pg.Client({ ...postgresServer, database: 'postgres' });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, string>>(
      `SELECT xact_commit + xact_rollback AS transactions,
              tup_inserted + tup_updated + tup_deleted AS written,
              tup_fetched AS read, active_time AS active
         FROM pg_stat_database WHERE datname = $1`,
      [database],
    );
    const row = rows[0];
    if (!row) throw new Error(`no statistics for ${database}`);
    return {
      transactions: Number(row.transactions),
      rowsWritten: Number(row.written),
      rowsRead: Number(row.read),
      activeMs: Number(row.active),
    };
  } finally {
    await client.end();
  }
}

export function difference(after: StoreCounters, before: StoreCounters): StoreCounters {
  return {
    transactions: after.transactions - before.transactions,
    rowsWritten: after.rowsWritten - before.rowsWritten,
    rowsRead: after.rowsRead - before.rowsRead,
    activeMs: after.activeMs - before.activeMs,
  };
}

/** An idle backend publishes its pending statistics within ten seconds (PostgreSQL 15 and later). */
export function settleStats(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 11_000));
}
