import type { MetricQuery } from '@querent/contracts';
import { engineDescriptors } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { CompiledMetricQuery } from '../../semantic/compile-metric-query.ts';
import { compileMetricQuery } from '../../semantic/compile-metric-query.ts';
import { SemanticQueryError } from '../../semantic/semantic-query-error.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { currentSemanticModel } from './current-semantic-model.ts';

/**
 * A metric query compiled from the database's model (saved, else pending) for its engine. No
 * model is a 409; a query the model cannot answer a 400 naming the query's field (`metrics[0]`),
 * under `fieldPrefix` when the query is part of a larger body. The caller has checked access.
 */
export async function compileForDatabase(
  deps: { db: StoreDb },
  input: { database: DatabaseRecord; query: MetricQuery; fieldPrefix?: string },
): Promise<CompiledMetricQuery> {
  const current = await currentSemanticModel(deps, input.database.id);
  if (current === null) {
    throw new AppError(
      'CONFLICT',
      'This database has no semantic model yet: propose one (or run Scan auto) and accept it first',
    );
  }
  try {
    return compileMetricQuery(
      current.model,
      input.query,
      engineDescriptors[input.database.engine].dialect.name,
    );
  } catch (error) {
    if (!(error instanceof SemanticQueryError)) throw error;
    const field = input.fieldPrefix === undefined ? error.field : `${input.fieldPrefix}.${error.field}`;
    throw new AppError('BAD_REQUEST', error.message, { field, cause: error });
  }
}
