import type { EntityScore, TableInfo } from '@querent/contracts';
import { QUALITY_FORMULA_VERSION, coverageText } from '@querent/contracts';
import { nowIso } from '../../../store/values.ts';
import type { BusinessEntityRecord } from '../../business-entities/entity-record.ts';
import type { QualityCheckRecord } from '../checks/check-record.ts';
import type { CheckRunRecord } from '../runs/check-run-record.ts';
import { computeDefinitionScore } from './definition-score.ts';
import { computeQualityScore } from './quality-score.ts';

/**
 * An entity's scores from its checks and their latest stored runs, with the formula version, the
 * breakdown the page shows and the runs it was computed from. Pure: the same inputs always give
 * the same score, so any stored score can be computed again from its runs.
 */
export function scoreOf(input: {
  entity: Pick<BusinessEntityRecord, 'definition' | 'table' | 'keyColumns'>;
  table: TableInfo | null;
  checks: readonly QualityCheckRecord[];
  latest: ReadonlyMap<string, CheckRunRecord>;
  computedAt?: string;
}): EntityScore {
  const quality = computeQualityScore(
    input.checks.map((check) => ({
      checkId: check.id,
      title: check.title,
      dimension: check.dimension,
      severity: check.severity,
      state: check.state,
      status: input.latest.get(check.id)?.status ?? null,
    })),
  );
  const completeness = computeDefinitionScore({
    definition: input.entity.definition,
    hasTable: input.entity.table !== null,
    keyColumns: input.entity.keyColumns,
    table: input.table,
    checks: input.checks,
    latest: input.latest,
  });
  const active = input.checks.filter((check) => check.state === 'active');
  const coverage = {
    checks: active.length,
    dimensions: quality.dimensions.filter((entry) => entry.score !== null).length,
  };
  return {
    version: QUALITY_FORMULA_VERSION,
    computed_at: input.computedAt ?? nowIso(),
    quality,
    completeness,
    coverage: { ...coverage, text: coverageText(coverage) },
    run_ids: active.flatMap((check) => {
      const run = input.latest.get(check.id);
      return run ? [run.id] : [];
    }),
  };
}

/** A score as the card shows it: a whole percent, or null for "not assessed". */
export function cardPercent(value: number | null): number | null {
  return value === null ? null : Math.min(100, Math.max(0, Math.round(value)));
}
