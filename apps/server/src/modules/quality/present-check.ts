import type { CheckRun, QualityCheck } from '@querent/contracts';
import type { QualityCheckRecord } from './checks/check-record.ts';
import type { CheckRunRecord } from './runs/check-run-record.ts';

export function presentRun(run: CheckRunRecord): CheckRun {
  return {
    id: run.id,
    status: run.status,
    failing_count: run.failingCount,
    total_count: run.totalCount,
    failing_percent: run.failingPercent,
    observed: run.observed,
    message: run.message,
    sql: run.sql,
    sample: run.sample,
    ran_at: run.ranAt,
    duration_ms: run.durationMs,
  };
}

export function presentCheck(check: QualityCheckRecord, latest: CheckRunRecord | undefined): QualityCheck {
  return {
    id: check.id,
    entity_id: check.entityId,
    title: check.title,
    table: check.table,
    definition: check.definition,
    dimension: check.dimension,
    severity: check.severity,
    warn_percent: check.warnPercent,
    fail_percent: check.failPercent,
    origin: check.origin,
    state: check.state,
    fingerprint: check.fingerprint,
    muted:
      check.state === 'muted' && check.mutedAt !== null
        ? { reason: check.mutedReason ?? '', by: check.mutedBy, at: check.mutedAt }
        : null,
    latest_run: latest ? presentRun(latest) : null,
    created_at: check.createdAt,
    updated_at: check.updatedAt,
  };
}
