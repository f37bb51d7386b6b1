import type { FigureStanding, MetricQuery, SemanticModelSource } from '@querent/contracts';
import { engineDescriptors } from '@querent/contracts';
import { type AdHocMeasure, withAdHocMeasures, withKeyDimensions } from '../../semantic/ad-hoc-fields.ts';
import { type CompiledColumn, compileMetricQuery } from '../../semantic/compile-metric-query.ts';
import { standsOn } from '../../semantic/stands-on.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import { modelForReading } from './model-for-reading.ts';

/** A metric query as SQL for its database, with where the model came from and what each figure stands on. */
export interface AnsweringQuery {
  sql: string;
  columns: CompiledColumn[];
  modelSource: SemanticModelSource;
  standsOn: FigureStanding[];
}

/**
 * The one way a metric query is compiled, whoever asks (the API, MCP, the analyst), so a question
 * gets the same number, or the same refusal, everywhere: from the model `modelForReading` reads
 * once (saved, else the pending proposal, else one proposed from the cached schema), in the
 * engine's dialect, with the analyst's extras (a measure aggregated its own way, dataset keys to
 * group on) added to a copy for this query alone. Null when there is no model to read; a
 * `SemanticQueryError` (with the field at fault) when the model cannot answer. The caller has
 * already checked that the asker may read the database.
 */
export async function compileAnsweringQuery(
  deps: SchemaDeps,
  database: DatabaseRecord,
  input: { query: MetricQuery; measures?: readonly AdHocMeasure[]; keys?: readonly string[] },
): Promise<AnsweringQuery | null> {
  const reading = await modelForReading(deps, database);
  if (reading === null) return null;
  const measures = input.measures ?? [];
  const extended = withKeyDimensions(withAdHocMeasures(reading.model, measures), input.keys ?? []);
  const dialect = engineDescriptors[database.engine].dialect.name;
  const compiled = compileMetricQuery(extended, input.query, dialect);
  return {
    sql: compiled.sql,
    columns: compiled.columns,
    modelSource: reading.source,
    standsOn: standsOn(reading.model, input.query.metrics, measures),
  };
}
