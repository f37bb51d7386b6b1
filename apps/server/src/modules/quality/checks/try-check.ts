import type { CheckDefinition, SchemaInfo, TableName } from '@querent/contracts';
import { columnFamily } from '@querent/contracts';
import type { Actor } from '../../access/can.ts';
import { AppError } from '../../../errors.ts';
import type { DatabaseRecord } from '../../databases/database-record.ts';
import { runSql } from '../../sql-runs/run-sql.ts';
import type { SqlRunDeps } from '../../sql-runs/sql-run-deps.ts';
import { buildCheckStatement } from '../runs/check-sql.ts';
import type { CheckOutcome } from '../runs/evaluate-check.ts';
import { evaluateCells, evaluateSchema } from '../runs/evaluate-check.ts';
import { sqlWriter } from '../runs/sql-writer.ts';
import { tableLookup } from '../runs/table-lookup.ts';
import { resolveCheck } from './resolve-check.ts';

const invalid = (message: string) => new AppError('BAD_REQUEST', message, { field: 'definition' });

/**
 * Validates a check against the schema and runs its statement once, before anything is saved: a
 * definition that names a missing column or that the database refuses is answered with the
 * reason, and never stored. Answers the definition spelled as the database spells its names, and
 * what the check would find now.
 */
export async function tryCheck(
  deps: SqlRunDeps,
  input: {
    database: DatabaseRecord;
    actor: Actor;
    schema: SchemaInfo;
    table: TableName;
    definition: CheckDefinition;
    /** How the outcome of the try is judged. */
    judgement: { warnPercent: number; failPercent: number };
    signal?: AbortSignal | undefined;
  },
): Promise<{ definition: CheckDefinition; outcome: CheckOutcome }> {
  const lookup = tableLookup(input.schema);
  const table = lookup.find(input.table);
  if (!table) throw invalid(`Table ${input.table.name} was not found`);
  const resolved = resolveCheck(input.definition, table, input.table, lookup);
  if (!resolved.ok) throw invalid(resolved.reason);
  if (resolved.definition.kind === 'schema') {
    return {
      definition: resolved.definition,
      outcome: evaluateSchema({ ...input.judgement, definition: resolved.definition }, table),
    };
  }
  const writer = sqlWriter(deps.connections.forDatabase(input.database).dialect);
  const families = new Map(table.columns.map((column) => [column.name, columnFamily(column.type)]));
  const statement = buildCheckStatement(
    writer,
    input.table,
    [{ id: 'dry-run', definition: resolved.definition }],
    families,
  );
  const run = await runSql(
    deps,
    {
      purpose: 'check',
      actor: input.actor,
      database: input.database,
      sql: statement.sql,
      readOnly: true,
      rowCap: 1,
      signal: input.signal,
    },
    { record: () => Promise.resolve('dry-run') },
  );
  if (!run.ok) throw invalid(`The check could not run: ${run.error.message}`);
  const row = run.result.rows[0] ?? [];
  const cells = (statement.cells.get('dry-run') ?? []).map((index) => row[index]);
  return {
    definition: resolved.definition,
    outcome: evaluateCells({ ...input.judgement, definition: resolved.definition }, cells, {
      now: Date.now(),
      baselineRows: null,
    }),
  };
}
