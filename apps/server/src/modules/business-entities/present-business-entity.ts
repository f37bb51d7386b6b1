import type { BusinessEntity, EntityIssue } from '@querent/contracts';
import type { Actor } from '../access/can.ts';
import { can } from '../access/can.ts';
import { sharedByChoiceSubject } from '../access/subject.ts';
import type { BusinessEntityRecord } from './entity-record.ts';

/** Scores are percentages; a stored value outside 0–100 is shown at the nearest bound. */
function percent(value: number | null): number | null {
  return value === null ? null : Math.min(100, Math.max(0, Math.round(value)));
}

export function presentBusinessEntity(
  entity: BusinessEntityRecord,
  issues: EntityIssue[],
  user: Actor,
): BusinessEntity {
  return {
    id: entity.id,
    name: entity.name,
    definition: entity.definition,
    table_ref: entity.tableRef,
    review_date: entity.reviewDate,
    // The card opens the review chat to go on with it: only for whoever may ask in it (its owner);
    // others start their own.
    review_conversation_id:
      entity.reviewConversation !== null &&
      can(user, 'run', sharedByChoiceSubject('conversation', entity.reviewConversation))
        ? entity.reviewConversationId
        : null,
    completeness: percent(entity.completeness),
    quality_score: percent(entity.qualityScore),
    issues,
  };
}
