import type { SchemaInfo, TableInfo } from '@querent/contracts';
import { columnFamily } from '@querent/contracts';
import type { Actor } from '../../access/can.ts';
import type { DatabaseRecord } from '../../databases/database-record.ts';
import { runSql } from '../../sql-runs/run-sql.ts';
import type { SqlRunDeps } from '../../sql-runs/sql-run-deps.ts';
import type { SqlRunRecorder } from '../../sql-runs/sql-run-recorder.ts';
import { newId, nowIso } from '../../../store/values.ts';
import type { StoreDb } from '../../../store/connect.ts';
import type { QualityCheckRecord } from '../checks/check-record.ts';
import { resolveCheck } from '../checks/resolve-check.ts';
import type { CheckRunRecord, NewCheckRun, RunTrigger } from './check-run-record.ts';
import { insertRuns, recentRunsOf } from './check-runs.repo.ts';
import { evidenceStatement, listsRows, sampleStatement } from './check-evidence.ts';
import type { PlannedCheck } from './check-sql.ts';
import { buildCheckStatement } from './check-sql.ts';
import type { CheckOutcome } from './evaluate-check.ts';
import { errorOutcome, evaluateCells, evaluateSchema, medianOf, skippedOutcome } from './evaluate-check.ts';
import { sqlWriter } from './sql-writer.ts';
import type { SqlWriter } from './sql-writer.ts';
import { tableLookup } from './table-lookup.ts';
import type { TableLookup } from './table-lookup.ts';

export interface RunChecksDeps extends SqlRunDeps {
  db: StoreDb;
}

export interface RunChecksInput {
  database: DatabaseRecord;
  /** The user the SQL runs for (a schedule runs for the database's owner). */
  actor: Actor;
  /** The schema as introspected for this run. */
  schema: SchemaInfo;
  checks: readonly QualityCheckRecord[];
  /** Each entity's key columns, shown beside failing values in the evidence. */
  keyColumns: ReadonlyMap<string, readonly string[]>;
  trigger: RunTrigger;
  signal?: AbortSignal | undefined;
  /** Told after each table, for progress. */
  onTable?: (done: number, total: number, table: string) => void;
}

export interface ChecksRun {
  batchId: string;
  runs: CheckRunRecord[];
  /** Statements sent to the database: one per table, plus one per failing check's sample. */
  statements: number;
}

/** Runs of the previous volume counts, for the usual row count. */
const BASELINE_RUNS = 5;

interface TableGroup {
  key: string;
  checks: QualityCheckRecord[];
}

function groupByTable(checks: readonly QualityCheckRecord[]): TableGroup[] {
  const groups = new Map<string, TableGroup>();
  for (const check of checks) {
    const key = `${check.table.schema}\u0000${check.table.name}`.toLowerCase();
    const group = groups.get(key) ?? { key, checks: [] };
    group.checks.push(check);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The usual row count of each volume check, from its earlier runs (read once for the whole run). */
async function baselines(
  db: StoreDb,
  checks: readonly QualityCheckRecord[],
): Promise<Map<string, number | null>> {
  const volume = checks.filter((check) => check.definition.kind === 'volume').map((check) => check.id);
  const recent = await recentRunsOf(db, volume, BASELINE_RUNS);
  return new Map(volume.map((id) => [id, baselineRows(recent.get(id) ?? [])]));
}

function baselineRows(runs: readonly CheckRunRecord[]): number | null {
  const counts = runs
    .filter((run) => run.status === 'pass' || run.status === 'warn' || run.status === 'fail')
    .map((run) => run.observedValue)
    .map((value) =>
      value !== null && typeof value === 'object' && !Array.isArray(value) ? value.rows : null,
    )
    .filter((rows): rows is number => typeof rows === 'number');
  return medianOf(counts);
}

interface Judged {
  check: QualityCheckRecord;
  outcome: CheckOutcome;
  sql: string | null;
  evidence: string | null;
  /** A few failing rows, when the check warned or failed and they could be read. */
  rows?: { columns: string[]; rows: unknown[][] } | null;
  durationMs: number | null;
}

/** A recorder that keeps nothing: a check's run is stored once judged, with its sample. */
const judgedLater = (batchId: string): SqlRunRecorder => ({ record: () => Promise.resolve(batchId) });

/**
 * Runs one table's checks: schema checks from the catalogue, then one aggregate statement for all
 * the others, then, only for checks that warn or fail, one short statement each for a few failing
 * rows. A statement that fails makes its checks errors, with the database's message; a missing
 * table or column skips the checks that need it.
 */
async function runTable(
  deps: RunChecksDeps,
  input: RunChecksInput,
  writer: SqlWriter,
  lookup: TableLookup,
  group: TableGroup,
  batchId: string,
  baselines: ReadonlyMap<string, number | null>,
): Promise<{ judged: Judged[]; statements: number }> {
  const first = group.checks[0];
  if (!first) return { judged: [], statements: 0 };
  const table: TableInfo | null = lookup.find(first.table);
  const judged: Judged[] = [];
  const planned: { check: QualityCheckRecord; plan: PlannedCheck; evidence: string | null }[] = [];
  for (const check of group.checks) {
    if (check.definition.kind === 'schema') {
      judged.push({
        check,
        outcome: evaluateSchema(check, table),
        sql: null,
        evidence: null,
        durationMs: null,
      });
      continue;
    }
    if (!table) {
      judged.push({
        check,
        outcome: skippedOutcome(`Table ${check.table.name} was not found`),
        sql: null,
        evidence: null,
        durationMs: null,
      });
      continue;
    }
    const resolved = resolveCheck(check.definition, table, check.table, lookup);
    if (!resolved.ok || resolved.definition.kind === 'schema') {
      judged.push({
        check,
        outcome: skippedOutcome(resolved.ok ? 'Nothing to run' : resolved.reason),
        sql: null,
        evidence: null,
        durationMs: null,
      });
      continue;
    }
    const keys = input.keyColumns.get(check.entityId)?.length
      ? (input.keyColumns.get(check.entityId) ?? [])
      : table.primaryKey;
    planned.push({
      check,
      plan: { id: check.id, definition: resolved.definition },
      evidence: evidenceStatement(writer, check.table, resolved.definition, keys, resolved.families),
    });
  }
  if (planned.length === 0 || !table) return { judged, statements: 0 };

  const families = new Map(table.columns.map((column) => [column.name, columnFamily(column.type)]));
  const statement = buildCheckStatement(
    writer,
    first.table,
    planned.map((entry) => entry.plan),
    families,
  );
  let statements = 1;
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
    judgedLater(batchId),
  );
  if (!run.ok) {
    for (const entry of planned) {
      judged.push({
        check: entry.check,
        outcome: errorOutcome(run.error.message),
        sql: statement.sql,
        evidence: entry.evidence,
        durationMs: null,
      });
    }
    return { judged, statements };
  }
  const row = run.result.rows[0] ?? [];
  const now = Date.now();
  for (const entry of planned) {
    const cells = (statement.cells.get(entry.check.id) ?? []).map((index) => row[index]);
    const outcome = evaluateCells(entry.check, cells, {
      now,
      baselineRows: baselines.get(entry.check.id) ?? null,
    });
    const item: Judged = {
      check: entry.check,
      outcome,
      sql: statement.sql,
      evidence: entry.evidence,
      durationMs: run.result.durationMs,
    };
    if (
      (outcome.status === 'warn' || outcome.status === 'fail') &&
      entry.evidence &&
      listsRows(entry.check.definition)
    ) {
      statements += 1;
      const sample = await runSql(
        deps,
        {
          purpose: 'check',
          actor: input.actor,
          database: input.database,
          sql: sampleStatement(entry.evidence),
          readOnly: true,
          rowCap: 50,
          signal: input.signal,
        },
        judgedLater(batchId),
      );
      item.rows = sample.ok
        ? { columns: sample.result.columns.map((column) => column.name), rows: sample.result.rows }
        : null;
    }
    judged.push(item);
  }
  return { judged, statements };
}

function toRun(item: Judged, input: RunChecksInput, batchId: string, ranAt: string): NewCheckRun {
  const { outcome } = item;
  return {
    checkId: item.check.id,
    databaseId: input.database.id,
    batchId,
    status: outcome.status,
    failingCount: outcome.failingCount,
    totalCount: outcome.totalCount,
    failingPercent: outcome.failingPercent,
    observed: outcome.observed,
    observedValue: outcome.observedValue,
    message: outcome.message,
    sql: item.sql,
    // The evidence statement is kept with every run; its first rows only when the check found something.
    sample: item.evidence
      ? { sql: item.evidence, columns: item.rows?.columns ?? [], rows: item.rows?.rows ?? [] }
      : null,
    trigger: input.trigger,
    ranAt,
    durationMs: item.durationMs,
  };
}

/**
 * Runs the given checks on their database, table by table, and stores one run per check. The SQL
 * goes through the one SQL path (purpose `check`, read-only, the database's timeout and the
 * caller's cancellation); errors are stored as errors, never as passes.
 */
export async function runChecks(deps: RunChecksDeps, input: RunChecksInput): Promise<ChecksRun> {
  const batchId = newId();
  const ranAt = nowIso();
  const writer = sqlWriter(deps.connections.forDatabase(input.database).dialect);
  const lookup = tableLookup(input.schema);
  const groups = groupByTable(input.checks);
  const usual = await baselines(deps.db, input.checks);
  const judged: Judged[] = [];
  let statements = 0;
  for (const [index, group] of groups.entries()) {
    input.signal?.throwIfAborted();
    const done = await runTable(deps, input, writer, lookup, group, batchId, usual);
    judged.push(...done.judged);
    statements += done.statements;
    input.onTable?.(index + 1, groups.length, group.checks[0]?.table.name ?? '');
  }
  const runs = await insertRuns(
    deps.db,
    judged.map((item) => toRun(item, input, batchId, ranAt)),
  );
  return { batchId, runs, statements };
}
