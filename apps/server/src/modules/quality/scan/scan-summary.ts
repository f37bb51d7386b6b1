import type { CheckRunStatus, EntityScore } from '@querent/contracts';
import type { StoreDb } from '../../../store/connect.ts';
import type { BusinessEntityRecord } from '../../business-entities/entity-record.ts';
import { listUnresolvedIssues } from '../../issues/list-unresolved-issues.ts';
import type { Assessment } from '../assess-entities.ts';

/** An entity as a scan or an analysis reports it, to the user and to the analyst. */
export interface AssessedEntity {
  id: string;
  name: string;
  table: string | null;
  quality_score: number | null;
  completeness: number | null;
  coverage: string;
  /** How the quality score was computed, in words. */
  arithmetic: string;
  /** Its unresolved issues, most severe first. */
  issues: { id: string; title: string; severity: string; observed: string | null }[];
}

export interface QualityReport {
  entities: AssessedEntity[];
  checks: Record<CheckRunStatus, number>;
  issues: Assessment['issues'];
  statements: number;
  duration_ms: number;
}

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

export function reportEntity(
  entity: BusinessEntityRecord,
  score: EntityScore,
  issues: AssessedEntity['issues'],
): AssessedEntity {
  return {
    id: entity.id,
    name: entity.name,
    table: entity.tableRef,
    quality_score: round1(score.quality.score),
    completeness: round1(score.completeness.score),
    coverage: score.coverage.text,
    arithmetic: score.quality.arithmetic,
    issues,
  };
}

/** What an assessment found, entity by entity, with the issues each has open now. */
export async function reportAssessment(
  db: StoreDb,
  databaseId: string,
  done: Assessment,
  statements: number,
  durationMs: number,
): Promise<QualityReport> {
  const open = await listUnresolvedIssues(db, databaseId);
  return {
    entities: done.entities.map(({ entity, score }) =>
      reportEntity(
        entity,
        score,
        open
          .filter((issue) => issue.businessEntityId === entity.id)
          .map((issue) => ({
            id: issue.id,
            title: issue.title,
            severity: issue.severity,
            observed: issue.observed,
          })),
      ),
    ),
    checks: done.statuses,
    issues: done.issues,
    statements,
    duration_ms: durationMs,
  };
}
