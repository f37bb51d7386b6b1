import type { MetricQuery } from '@querent/contracts';
import { engineDescriptors } from '@querent/contracts';
import type { AgentAdHocMeasure, AgentCompiledQuery } from '../../agent/agent-port.ts';
import { withAdHocMeasures, withKeyDimensions } from '../../semantic/ad-hoc-fields.ts';
import { compileMetricQuery } from '../../semantic/compile-metric-query.ts';
import { SemanticQueryError } from '../../semantic/semantic-query-error.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import { semanticModelOf } from './semantic-model-of.ts';

/*
 * The analyst's metric query as SQL for its database: compiled against the database's semantic
 * model (with any measure aggregated another way, and dataset keys to group on, for this query)
 * in the engine's dialect. A
 * query the model cannot answer is an outcome for the analyst to correct, not an error.
 */
export async function compileAnalystQuery(
  deps: SchemaDeps & { semanticModel: 'on' | 'off' },
  database: DatabaseRecord,
  input: { query: MetricQuery; measures: readonly AgentAdHocMeasure[]; keys: readonly string[] },
): Promise<AgentCompiledQuery> {
  const model = await semanticModelOf(deps, database);
  if (!model) {
    return {
      ok: false,
      error: 'This database has no semantic model: answer with run_sql.',
      field: 'query',
      suggestions: [],
    };
  }
  try {
    const dialect = engineDescriptors[database.engine].dialect.name;
    const extended = withKeyDimensions(withAdHocMeasures(model, input.measures), input.keys);
    const { sql } = compileMetricQuery(extended, input.query, dialect);
    return { ok: true, sql };
  } catch (error) {
    if (!(error instanceof SemanticQueryError)) throw error;
    return { ok: false, error: error.message, field: error.field, suggestions: error.suggestions };
  }
}
