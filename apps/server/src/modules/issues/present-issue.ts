import type { Issue } from '@querent/contracts';
import type { DatabaseAccess } from '../databases/database-access.ts';
import type { IssueRecord } from './issue-record.ts';

export function presentIssue(issue: IssueRecord, access: DatabaseAccess): Issue {
  return {
    id: issue.id,
    databaseId: issue.databaseId,
    business_entity_id: issue.businessEntityId,
    title: issue.title,
    description: issue.description,
    severity: issue.severity,
    status: issue.status,
    query_id: issue.queryId,
    createdAt: issue.createdAt,
    updatedAt: issue.updatedAt,
    editable: access === 'write',
    check_id: issue.checkId,
    origin: issue.origin,
    occurrences: issue.occurrences,
    last_seen_at: issue.lastSeenAt,
    observed: issue.observed,
    evidence: issue.evidence,
    dismissed_reason: issue.dismissedReason,
  };
}
