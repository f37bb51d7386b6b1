import type { MetricQuery } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import { SemanticQueryError } from '../../semantic/semantic-query-error.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import { type AnsweringQuery, compileAnsweringQuery } from './compile-answering-query.ts';

/**
 * A metric query compiled as every reader compiles it (`compileAnsweringQuery`: the saved model,
 * else the pending proposal, else one proposed from the schema), with its refusals as HTTP
 * errors: no model to read is a 409; a query the model cannot answer a 400 naming the query's
 * field (`metrics[0]`), under `fieldPrefix` when the query is part of a larger body (a dashboard
 * tile's `metricQuery`). The caller has checked access.
 */
export async function compileForDatabase(
  deps: SchemaDeps,
  input: { database: DatabaseRecord; query: MetricQuery; fieldPrefix?: string },
): Promise<AnsweringQuery> {
  let compiled: AnsweringQuery | null;
  try {
    compiled = await compileAnsweringQuery(deps, input.database, { query: input.query });
  } catch (error) {
    if (!(error instanceof SemanticQueryError)) throw error;
    const field = input.fieldPrefix === undefined ? error.field : `${input.fieldPrefix}.${error.field}`;
    throw new AppError('BAD_REQUEST', error.message, { field, cause: error });
  }
  if (compiled === null) {
    throw new AppError(
      'CONFLICT',
      'This database has no semantic model, and none can be proposed from its schema (no table to make a dataset of)',
    );
  }
  return compiled;
}
