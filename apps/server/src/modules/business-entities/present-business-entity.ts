import type { BusinessEntity, EntityIssue } from '@querent/contracts';
import type { User } from '../users/user.ts';
import type { BusinessEntityRecord } from './entity-record.ts';

/** Scores are percentages; a stored value outside 0–100 is shown at the nearest bound. */
function percent(value: number | null): number | null {
  return value === null ? null : Math.min(100, Math.max(0, Math.round(value)));
}

export function presentBusinessEntity(
  entity: BusinessEntityRecord,
  issues: EntityIssue[],
  user: Pick<User, 'id'>,
): BusinessEntity {
  return {
    id: entity.id,
    name: entity.name,
    definition: entity.definition,
    table_ref: entity.tableRef,
    review_date: entity.reviewDate,
    // The card opens the review chat; a colleague's conversation would only answer "not found".
    review_conversation_id: entity.reviewConversationOwnerId === user.id ? entity.reviewConversationId : null,
    completeness: percent(entity.completeness),
    quality_score: percent(entity.qualityScore),
    issues,
  };
}
