import type { MetricQuery } from '@querent/contracts';
import type { AgentAdHocMeasure, AgentCompiledQuery } from '../../agent/agent-port.ts';
import { SemanticQueryError } from '../../semantic/semantic-query-error.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import { compileAnsweringQuery } from '../semantic-models/compile-answering-query.ts';

const noModel = {
  ok: false,
  error: 'This database has no semantic model: answer with run_sql.',
  field: 'query',
  suggestions: [],
} as const;

/*
 * The analyst's metric query as SQL for its database, compiled as the API and MCP compile theirs
 * (`compileAnsweringQuery`: the same model read once, the same standing of each figure), with any
 * measure aggregated another way and dataset keys to group on, for this query. A query the model
 * cannot answer is an outcome for the analyst to correct, not an error.
 */
export async function compileAnalystQuery(
  deps: SchemaDeps & { semanticModel: 'on' | 'off' },
  database: DatabaseRecord,
  input: { query: MetricQuery; measures: readonly AgentAdHocMeasure[]; keys: readonly string[] },
): Promise<AgentCompiledQuery> {
  if (deps.semanticModel === 'off') return noModel;
  try {
    const compiled = await compileAnsweringQuery(deps, database, input);
    if (compiled === null) return noModel;
    return {
      ok: true,
      sql: compiled.sql,
      modelSource: compiled.modelSource,
      standsOn: compiled.standsOn,
    };
  } catch (error) {
    if (!(error instanceof SemanticQueryError)) throw error;
    return { ok: false, error: error.message, field: error.field, suggestions: error.suggestions };
  }
}
