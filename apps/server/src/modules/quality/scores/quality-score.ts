import type {
  CheckRunStatus,
  CheckState,
  IssueSeverity,
  QualityBreakdown,
  QualityDimension,
} from '@querent/contracts';
import {
  CRITICAL_FAILURE_CAP,
  dimensionLabels,
  qualityDimensions,
  runStatusPoints,
  severityWeights,
} from '@querent/contracts';

/** A check as the score sees it: how it is weighed and its latest run's verdict. */
export interface ScoreInput {
  checkId: string;
  title: string;
  dimension: QualityDimension;
  severity: IssueSeverity;
  state: CheckState;
  /** The latest run's status; null when the check never ran. */
  status: CheckRunStatus | null;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function pointsOf(status: CheckRunStatus | null): number | null {
  return status === 'pass' || status === 'warn' || status === 'fail' ? runStatusPoints[status] : null;
}

/**
 * The quality score, a pure function of the active checks' latest runs (formula quality-v1):
 * a pass earns 1, a warning 0.5, a failure 0; errors, skips and checks never run earn nothing and
 * weigh nothing. Within a dimension, checks are weighed by severity; the score is the plain mean
 * of the dimensions with at least one scored check, and a failing critical check caps it at 49.
 * Without any scored check the entity is not assessed: null, never 100.
 */
export function computeQualityScore(checks: readonly ScoreInput[]): QualityBreakdown {
  const active = checks.filter((check) => check.state === 'active');
  const dimensions = qualityDimensions
    .map((dimension) => {
      const members = active
        .filter((check) => check.dimension === dimension)
        .map((check) => ({
          check_id: check.checkId,
          title: check.title,
          severity: check.severity,
          weight: severityWeights[check.severity],
          status: check.status,
          points: pointsOf(check.status),
        }));
      const scored = members.filter((member) => member.points !== null);
      const weight = scored.reduce((sum, member) => sum + member.weight, 0);
      const earned = scored.reduce((sum, member) => sum + member.weight * (member.points ?? 0), 0);
      return { dimension, score: weight > 0 ? (earned / weight) * 100 : null, checks: members };
    })
    .filter((entry) => entry.checks.length > 0);

  const scoredDimensions = dimensions.filter((entry) => entry.score !== null);
  if (scoredDimensions.length === 0) {
    return {
      score: null,
      mean: null,
      capped: false,
      dimensions,
      arithmetic:
        active.length === 0
          ? 'No active check: not assessed.'
          : 'No check has a scored run yet: not assessed.',
    };
  }
  const mean = scoredDimensions.reduce((sum, entry) => sum + (entry.score ?? 0), 0) / scoredDimensions.length;
  const criticalFailure = active.some((check) => check.severity === 'critical' && check.status === 'fail');
  const capped = criticalFailure && mean > CRITICAL_FAILURE_CAP;
  const score = capped ? CRITICAL_FAILURE_CAP : mean;
  const terms = scoredDimensions.map(
    (entry) => `${dimensionLabels[entry.dimension]} ${round1(entry.score ?? 0)}`,
  );
  const arithmetic =
    `(${terms.join(' + ')}) / ${scoredDimensions.length} = ${round1(mean)}` +
    (capped ? `; a critical check fails, so the score is capped at ${CRITICAL_FAILURE_CAP}` : '');
  return { score, mean, capped, dimensions, arithmetic };
}
