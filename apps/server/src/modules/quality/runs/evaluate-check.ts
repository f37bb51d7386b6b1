import type { CheckDefinition, CheckRunStatus, TableInfo } from '@querent/contracts';
import type { JsonValue } from '../../../connectors/index.ts';
import type { QualityCheckRecord } from '../checks/check-record.ts';
import { cellNumber, formatCount, formatPercent, judge, share, timestampOf } from './judge.ts';

/** What one run of one check found. */
export interface CheckOutcome {
  status: CheckRunStatus;
  failingCount: number | null;
  totalCount: number | null;
  /** The percentage compared with the thresholds. */
  failingPercent: number | null;
  observed: string;
  /** The raw figure (row count, newest timestamp…), kept for anomalies and recomputation. */
  observedValue: JsonValue;
  message: string | null;
}

type Judged = Pick<QualityCheckRecord, 'definition' | 'warnPercent' | 'failPercent'>;

export function errorOutcome(message: string): CheckOutcome {
  return {
    status: 'error',
    failingCount: null,
    totalCount: null,
    failingPercent: null,
    observed: 'Could not run',
    observedValue: null,
    message,
  };
}

export function skippedOutcome(message: string): CheckOutcome {
  return { ...errorOutcome(message), status: 'skipped', observed: 'Not run' };
}

function rowsOutcome(check: Judged, failing: number, total: number, what: string): CheckOutcome {
  const percent = share(failing, total);
  return {
    status: judge(percent, check.warnPercent, check.failPercent),
    failingCount: failing,
    totalCount: total,
    failingPercent: percent,
    observed: `${formatCount(failing)} of ${formatCount(total)} rows (${formatPercent(percent)}) ${what}`,
    observedValue: { failing, total },
    message: null,
  };
}

/** The schema check, from the introspected table (null: the table is gone). */
export function evaluateSchema(check: Judged, table: TableInfo | null): CheckOutcome {
  const expected = check.definition.columns;
  if (!table) {
    return {
      status: 'fail',
      failingCount: expected.length,
      totalCount: expected.length,
      failingPercent: 100,
      observed: 'The table was not found',
      observedValue: { missing: null },
      message: null,
    };
  }
  const present = new Set(table.columns.map((column) => column.name.toLowerCase()));
  const missing = expected.filter((column) => !present.has(column.toLowerCase()));
  const percent = share(missing.length, expected.length);
  return {
    status: judge(percent, check.warnPercent, check.failPercent),
    failingCount: missing.length,
    totalCount: expected.length,
    failingPercent: percent,
    observed:
      missing.length === 0
        ? `All ${expected.length} expected columns exist`
        : `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
    observedValue: { missing },
    message: null,
  };
}

/** The usual row count: the median of the earlier runs' counts. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function volumeOutcome(
  check: Judged & { definition: Extract<CheckDefinition, { kind: 'volume' }> },
  rows: number,
  baseline: number | null,
): CheckOutcome {
  const minRows = check.definition.params.min_rows;
  if (rows < minRows) {
    return {
      status: 'fail',
      failingCount: null,
      totalCount: rows,
      failingPercent: 100,
      observed: `${formatCount(rows)} rows, fewer than the ${formatCount(minRows)} expected`,
      observedValue: { rows },
      message: null,
    };
  }
  if (baseline === null) {
    return {
      status: 'pass',
      failingCount: null,
      totalCount: rows,
      failingPercent: 0,
      observed: `${formatCount(rows)} rows`,
      observedValue: { rows },
      message: 'First run: this count is the baseline later runs are compared with.',
    };
  }
  const change = share(Math.abs(rows - baseline), Math.max(baseline, 1));
  return {
    status: judge(change, check.warnPercent, check.failPercent),
    failingCount: null,
    totalCount: rows,
    failingPercent: change,
    observed: `${formatCount(rows)} rows, ${formatPercent(change)} ${rows >= baseline ? 'above' : 'below'} the usual ${formatCount(baseline)}`,
    observedValue: { rows, baseline },
    message: null,
  };
}

function freshnessOutcome(
  check: Judged & { definition: Extract<CheckDefinition, { kind: 'freshness' }> },
  latest: unknown,
  now: number,
): CheckOutcome {
  const column = check.definition.columns[0] ?? '';
  const maxAge = check.definition.params.max_age_hours;
  if (latest === null || latest === undefined) {
    return {
      status: 'fail',
      failingCount: null,
      totalCount: null,
      failingPercent: 100,
      observed: `No ${column} value at all`,
      observedValue: { latest: null },
      message: null,
    };
  }
  const at = timestampOf(latest);
  if (at === null)
    return errorOutcome(`The newest ${column} (${JSON.stringify(latest)}) is not a date or time.`);
  const ageHours = Math.max(0, (now - at) / 3_600_000);
  // How far past the expected age, in percent of it: 100 means twice as old as expected.
  const overdue = Math.max(0, share(ageHours - maxAge, maxAge));
  return {
    status: judge(overdue, check.warnPercent, check.failPercent),
    failingCount: null,
    totalCount: null,
    failingPercent: overdue,
    observed: `Newest ${column} is ${new Date(at).toISOString().slice(0, 16).replace('T', ' ')}, ${formatCount(ageHours)} h old (expected at most ${formatCount(maxAge)} h)`,
    observedValue: { latest: new Date(at).toISOString(), age_hours: ageHours },
    message: null,
  };
}

/** A check of the table's statement, from the cells its plan pointed at. */
export function evaluateCells(
  check: Judged,
  cells: readonly unknown[],
  context: { now: number; baselineRows: number | null },
): CheckOutcome {
  const definition = check.definition;
  const number = (index: number) => cellNumber(cells[index]);
  const cols = definition.columns.join(', ');
  switch (definition.kind) {
    case 'schema':
      return errorOutcome('A schema check reads the catalogue, not the data.');
    case 'volume':
      return volumeOutcome({ ...check, definition }, number(0), context.baselineRows);
    case 'completeness':
      return rowsOutcome(check, number(1), number(0), `have no ${cols}`);
    case 'uniqueness': {
      const nonNull = number(0);
      return rowsOutcome(check, Math.max(0, nonNull - number(1)), nonNull, `repeat another row's ${cols}`);
    }
    case 'integrity':
      return rowsOutcome(
        check,
        number(1),
        number(0),
        `have a ${cols} with no match in ${definition.params.references.table}`,
      );
    case 'validity':
      return rowsOutcome(
        check,
        number(1),
        number(0),
        `have a ${cols} ${definition.params.accepted_values ? 'that is not accepted' : 'out of range'}`,
      );
    case 'freshness':
      return freshnessOutcome({ ...check, definition }, cells[0], context.now);
  }
}
