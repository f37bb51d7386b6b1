import type { SqlDialect } from '@querent/contracts';
import { engineDescriptors } from '@querent/contracts';
import type { ResultRow } from '../../connectors/index.ts';
import { requireDatabase } from '../databases/database-access.ts';
import { runSql } from '../sql-runs/run-sql.ts';
import type { User } from '../users/user.ts';
import type { RunQueryDeps } from './run-query.ts';

/** Kept nowhere: the caller reads these rows itself; they are no run of the person's history. */
const notKept = { record: () => Promise.resolve('lookup') };

/** What a small read found: its rows, or the database's message. */
export type LookupOutcome =
  | { ok: true; rows: ResultRow[]; truncated: boolean }
  | { ok: false; error: string };

export interface BoundedLookups {
  /** The database's SQL dialect, to write the lookups in. */
  dialect: SqlDialect;
  /** One small read: read-only, at most `rowCap` rows and `timeLimitMs`; a failing statement is answered. */
  lookUp(input: { sql: string; rowCap: number; timeLimitMs: number }): Promise<LookupOutcome>;
}

/**
 * Small reads of a database the user may run SQL on (the MCP server's column_values), each through
 * the one SQL path as the analyst's value lookups are: the policy, observers (metering), safe mode,
 * cancellation, always read-only, the caller's row cap and a time limit no longer than the
 * database's. Nothing is recorded: they are lookups, not queries of the person's.
 */
export async function boundedLookups(
  deps: RunQueryDeps,
  input: { user: User; databaseId: string; signal?: AbortSignal | undefined; purpose: 'mcp' },
): Promise<BoundedLookups> {
  const database = await requireDatabase(deps.db, input.user, input.databaseId, 'run');
  return {
    dialect: engineDescriptors[database.engine].dialect.name,
    async lookUp(lookup) {
      const run = await runSql(
        deps,
        {
          purpose: input.purpose,
          actor: input.user,
          database,
          sql: lookup.sql,
          readOnly: true,
          rowCap: lookup.rowCap,
          timeLimitMs: lookup.timeLimitMs,
          signal: input.signal,
        },
        notKept,
      );
      return run.ok
        ? { ok: true, rows: run.result.rows, truncated: run.result.truncated }
        : { ok: false, error: run.error.message };
    },
  };
}
