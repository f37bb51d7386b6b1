import type {
  CheckDefinition,
  CheckRunStatus,
  CheckState,
  IssueSeverity,
  QualityDimension,
  TableInfo,
} from '@querent/contracts';
import { describe, expect, it } from 'vitest';
import type { QualityCheckRecord } from '../../../src/modules/quality/checks/check-record.ts';
import type { CheckRunRecord } from '../../../src/modules/quality/runs/check-run-record.ts';
import { judge } from '../../../src/modules/quality/runs/judge.ts';
import { computeDefinitionScore } from '../../../src/modules/quality/scores/definition-score.ts';
import type { ScoreInput } from '../../../src/modules/quality/scores/quality-score.ts';
import { computeQualityScore } from '../../../src/modules/quality/scores/quality-score.ts';
import { scoreOf } from '../../../src/modules/quality/scores/score-entity.ts';

/*
 * The score suite: fixed sets of checks and latest runs, and the scores worked out by hand from the
 * rules (pass 1, warn 0.5, fail 0; severity weights low 1, medium 2, high 4, critical 8 within a
 * dimension; the mean of the dimensions with a scored check; a failing critical check caps at 49;
 * nothing scored is "not assessed", never 100).
 */

let next = 0;
function check(
  dimension: QualityDimension,
  severity: IssueSeverity,
  status: CheckRunStatus | null,
  state: CheckState = 'active',
): ScoreInput {
  next += 1;
  return { checkId: `c${next}`, title: `check ${next}`, dimension, severity, state, status };
}

describe('quality score', () => {
  it('is not assessed without checks, never 100', () => {
    const score = computeQualityScore([]);
    expect(score.score).toBeNull();
    expect(score.arithmetic).toBe('No active check: not assessed.');
  });

  it('is not assessed when every run errored, was skipped or never happened', () => {
    const score = computeQualityScore([
      check('completeness', 'high', 'error'),
      check('uniqueness', 'critical', 'skipped'),
      check('validity', 'low', null),
    ]);
    expect(score.score).toBeNull();
    expect(score.dimensions.map((entry) => entry.score)).toEqual([null, null, null]);
    expect(score.arithmetic).toBe('No check has a scored run yet: not assessed.');
  });

  it('weighs checks by severity within a dimension and averages the dimensions', () => {
    // completeness: (4 × 1 + 1 × 0.5) / 5 = 90; uniqueness: (8 × 1 + 2 × 0) / 10 = 80;
    // validity: 2 × 0.5 / 2 = 50 → (90 + 80 + 50) / 3 = 73.33…
    const score = computeQualityScore([
      check('completeness', 'high', 'pass'),
      check('completeness', 'low', 'warn'),
      check('uniqueness', 'critical', 'pass'),
      check('uniqueness', 'medium', 'fail'),
      check('validity', 'medium', 'warn'),
    ]);
    expect(score.dimensions.map((entry) => [entry.dimension, entry.score])).toEqual([
      ['completeness', 90],
      ['uniqueness', 80],
      ['validity', 50],
    ]);
    expect(score.score).toBeCloseTo(220 / 3, 10);
    expect(score.capped).toBe(false);
    expect(score.arithmetic).toBe('(Completeness 90 + Uniqueness 80 + Validity 50) / 3 = 73.3');
  });

  it('leaves errors out of the dimension they belong to, rather than counting them as passes', () => {
    // consistency: the error weighs nothing → 4 × 0 / 4 = 0; volume 100 → 50.
    const score = computeQualityScore([
      check('consistency', 'high', 'fail'),
      check('consistency', 'critical', 'error'),
      check('volume', 'medium', 'pass'),
    ]);
    expect(score.score).toBe(50);
    expect(score.dimensions[0]?.checks.map((entry) => entry.points)).toEqual([0, null]);
  });

  it('ignores muted and proposed checks', () => {
    const score = computeQualityScore([
      check('completeness', 'high', 'pass'),
      check('completeness', 'critical', 'fail', 'muted'),
      check('timeliness', 'medium', 'fail', 'proposed'),
    ]);
    expect(score.score).toBe(100);
    expect(score.capped).toBe(false);
    expect(score.dimensions.map((entry) => entry.dimension)).toEqual(['completeness']);
  });

  it('caps the score below 50 when a critical check fails', () => {
    // uniqueness: (8 × 0 + 4 × 1) / 12 = 33.3; completeness 100; validity 100; volume 100 → 83.3 → 49.
    const score = computeQualityScore([
      check('uniqueness', 'critical', 'fail'),
      check('uniqueness', 'high', 'pass'),
      check('completeness', 'high', 'pass'),
      check('validity', 'low', 'pass'),
      check('volume', 'medium', 'pass'),
    ]);
    expect(score.mean).toBeCloseTo((100 / 3 + 300) / 4, 10);
    expect(score.score).toBe(49);
    expect(score.capped).toBe(true);
    expect(score.arithmetic).toMatch(/capped at 49$/);
  });

  it('keeps a score already under the cap as it is', () => {
    const score = computeQualityScore([
      check('uniqueness', 'critical', 'fail'),
      check('volume', 'low', 'warn'),
    ]);
    // (0 + 50) / 2 = 25.
    expect(score.score).toBe(25);
    expect(score.capped).toBe(false);
  });

  it('judges percentages strictly above the thresholds', () => {
    expect([judge(0, 0, 5), judge(0.01, 0, 5), judge(5, 0, 5), judge(5.01, 0, 5)]).toEqual([
      'pass',
      'warn',
      'warn',
      'fail',
    ]);
  });
});

const table: TableInfo = {
  name: 'orders',
  kind: 'table',
  comment: null,
  rowEstimate: null,
  columns: [
    { name: 'id', type: 'integer', nullable: false, comment: 'The order', dbtDescription: null },
    { name: 'customer_id', type: 'integer', nullable: false, comment: null, dbtDescription: 'Who bought' },
    { name: 'status', type: 'text', nullable: true, comment: null, dbtDescription: null },
    { name: 'ordered_at', type: 'timestamp', nullable: false, comment: null, dbtDescription: null },
  ],
  primaryKey: ['id'],
  foreignKeys: [
    { name: null, columns: ['customer_id'], references: { schema: '', table: 'customers', columns: ['id'] } },
    { name: null, columns: ['status'], references: { schema: '', table: 'statuses', columns: ['code'] } },
  ],
  dbtDescription: null,
};

function record(definition: CheckDefinition, state: CheckState = 'active'): QualityCheckRecord {
  next += 1;
  return {
    id: `k${next}`,
    databaseId: 'd',
    entityId: 'e',
    title: definition.kind,
    table: { schema: '', name: 'orders' },
    definition,
    dimension: 'validity',
    severity: 'medium',
    warnPercent: 0,
    failPercent: 5,
    origin: 'scan',
    state,
    fingerprint: `f${next}`,
    mutedReason: null,
    mutedBy: null,
    mutedAt: null,
    createdAt: '',
    updatedAt: '',
  };
}

function run(checkId: string, status: CheckRunStatus): CheckRunRecord {
  return {
    id: `r-${checkId}`,
    checkId,
    databaseId: 'd',
    batchId: 'b',
    status,
    failingCount: null,
    totalCount: null,
    failingPercent: null,
    observed: '',
    observedValue: null,
    message: null,
    sql: null,
    sample: null,
    trigger: 'manual',
    ranAt: '',
    durationMs: null,
  };
}

describe('completeness of definition', () => {
  it('counts each item from 0 to 1 and leaves out those that do not apply', () => {
    const key = record({ kind: 'uniqueness', columns: ['id'], params: {} });
    const required = record({
      kind: 'completeness',
      columns: ['status'],
      params: { blank_is_missing: true },
    });
    const integrity = record({
      kind: 'integrity',
      columns: ['customer_id'],
      params: { references: { schema: '', table: 'customers', columns: ['id'] } },
    });
    const fresh = record(
      { kind: 'freshness', columns: ['ordered_at'], params: { max_age_hours: 24 } },
      'proposed',
    );
    const score = computeDefinitionScore({
      definition: 'An order placed on the shop',
      hasTable: true,
      keyColumns: ['id'],
      table,
      checks: [key, required, integrity, fresh],
      latest: new Map([[key.id, run(key.id, 'warn')]]),
    });
    // definition 1, table 1, key declared with duplicates 0.5, 2 of 4 columns described 0.5,
    // required 1, 1 of 2 foreign keys checked 0.5, freshness only proposed 0 → 4.5 / 7.
    expect(score.items.map((item) => [item.item, item.value])).toEqual([
      ['definition', 1],
      ['table', 1],
      ['key', 0.5],
      ['descriptions', 0.5],
      ['required', 1],
      ['relationships', 0.5],
      ['freshness', 0],
    ]);
    expect(score.score).toBeCloseTo((4.5 / 7) * 100, 10);
    expect(score.arithmetic).toBe('(1 + 1 + 0.5 + 0.5 + 1 + 0.5 + 0) / 7 × 100 = 64.3');
  });

  it('gives an entity with no table, key or definition nothing but what applies', () => {
    const score = computeDefinitionScore({
      definition: '  ',
      hasTable: false,
      keyColumns: [],
      table: null,
      checks: [],
      latest: new Map(),
    });
    // definition, table, key, descriptions, required: 0 each; relationships and freshness do not apply.
    expect(score.items.filter((item) => item.value === null).map((item) => item.item)).toEqual([
      'relationships',
      'freshness',
    ]);
    expect(score.score).toBe(0);
  });
});

describe('entity score', () => {
  it('stores the formula version, the coverage and the runs it was computed from', () => {
    const key = record({ kind: 'uniqueness', columns: ['id'], params: {} });
    const muted = record({ kind: 'volume', columns: [], params: { min_rows: 1 } }, 'muted');
    const score = scoreOf({
      entity: { definition: null, table: { schema: '', name: 'orders' }, keyColumns: ['id'] },
      table,
      checks: [
        { ...key, dimension: 'uniqueness' },
        { ...muted, dimension: 'volume' },
      ],
      latest: new Map([
        [key.id, run(key.id, 'pass')],
        [muted.id, run(muted.id, 'fail')],
      ]),
      computedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(score).toMatchObject({
      version: 'quality-v1',
      computed_at: '2026-01-01T00:00:00.000Z',
      coverage: { checks: 1, dimensions: 1, text: '1 check, 1 of 6 dimensions' },
      run_ids: [`r-${key.id}`],
    });
    expect(score.quality.score).toBe(100);
  });
});
