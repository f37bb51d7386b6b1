import type { MetricQuery, MetricQueryResult } from '@querent/contracts';
import type { Actor } from '../access/can.ts';
import { requireDatabase } from '../databases/database-access.ts';
import { recordInHistory } from '../queries/query-recorders.ts';
import { runSql } from '../sql-runs/run-sql.ts';
import { compileForDatabase } from './compile-for-database.ts';
import type { SemanticModelDeps } from './semantic-model-deps.ts';

/**
 * POST /api/databases/{id}/metrics/query (and MCP's query_metrics): the query compiled from the
 * model the analyst answers from too (`compileAnsweringQuery`: saved, else pending, else proposed
 * from the schema) for the database's engine, and run through the one SQL path as the editor's
 * SQL is (safe mode, row cap, timeout, metering, the caller's query history), read-only. The
 * answer carries the SQL, where the model came from and what each figure stands on, so anyone can
 * see what the number stands on.
 */
export async function runMetricQuery(
  deps: SemanticModelDeps,
  input: {
    user: Actor;
    databaseId: string;
    query: MetricQuery;
    signal?: AbortSignal | undefined;
    /** Why it runs, when not for the API: `mcp` for the MCP server's query_metrics. */
    purpose?: 'mcp';
  },
): Promise<MetricQueryResult> {
  const database = await requireDatabase(deps.db, input.user, input.databaseId, 'run');
  const compiled = await compileForDatabase(deps, { database, query: input.query });
  const run = await runSql(
    deps,
    {
      purpose: input.purpose ?? 'metric',
      actor: input.user,
      database,
      sql: compiled.sql,
      readOnly: true,
      signal: input.signal,
    },
    recordInHistory(deps.db, { sql: compiled.sql, databaseId: database.id, ownerId: input.user.id }),
  );
  if (!run.ok) throw run.error;
  return {
    sql: compiled.sql,
    fields: compiled.columns,
    modelSource: compiled.modelSource,
    standsOn: compiled.standsOn,
    rows: run.result.rows,
    count: run.result.count,
    columns: run.result.columns,
    truncated: run.result.truncated,
    durationMs: run.result.durationMs,
    queryId: run.recordId,
  };
}
