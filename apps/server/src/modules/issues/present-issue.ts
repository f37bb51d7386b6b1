import type { Issue } from '@querent/contracts';
import type { Actor } from '../access/can.ts';
import { objectAbilities } from '../access/can.ts';
import { followingSubject } from '../access/subject.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { databaseSubject } from '../databases/database-subject.ts';
import type { IssueRecord } from './issue-record.ts';

/** An issue, with what the asking user may do with it on its database. */
export function presentIssue(issue: IssueRecord, database: DatabaseRecord, actor: Actor): Issue {
  const abilities = objectAbilities(actor, followingSubject('issue', databaseSubject(database)));
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
    editable: abilities.edit,
    abilities,
    check_id: issue.checkId,
    origin: issue.origin,
    occurrences: issue.occurrences,
    last_seen_at: issue.lastSeenAt,
    observed: issue.observed,
    evidence: issue.evidence,
    dismissed_reason: issue.dismissedReason,
  };
}
