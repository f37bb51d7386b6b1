import type { FailingRowsSample, IssueOrigin, IssueSeverity, IssueStatus } from '@querent/contracts';
import { failingRowsSampleSchema, issueOrigins, issueSeverities, issueStatuses } from '@querent/contracts';
import type { Selectable } from 'kysely';
import type { StoreDb } from '../../store/connect.ts';
import type { IssuesTable } from '../../store/schema.ts';
import { newId, nowIso, parseNullableJson, toNullableJson } from '../../store/values.ts';
import type { IssueChanges, IssueRecord, NewIssue } from './issue-record.ts';

/** The only code with SQL for `issues`. */

// The columns are free text: a row written by hand or by an older version may hold another word.
// It reads as the column default rather than failing the whole list.
function readSeverity(value: string): IssueSeverity {
  return (issueSeverities as readonly string[]).includes(value) ? (value as IssueSeverity) : 'medium';
}

function readStatus(value: string): IssueStatus {
  return (issueStatuses as readonly string[]).includes(value) ? (value as IssueStatus) : 'open';
}

function readOrigin(value: string): IssueOrigin {
  return (issueOrigins as readonly string[]).includes(value) ? (value as IssueOrigin) : 'user';
}

function readEvidence(json: string | null): FailingRowsSample | null {
  const parsed = failingRowsSampleSchema.safeParse(parseNullableJson(json));
  return parsed.success ? parsed.data : null;
}

function toRecord(row: Selectable<IssuesTable>): IssueRecord {
  return {
    id: row.id,
    databaseId: row.database_id,
    businessEntityId: row.business_entity_id,
    title: row.title,
    description: row.description,
    severity: readSeverity(row.severity),
    status: readStatus(row.status),
    queryId: row.query_id,
    checkId: row.check_id,
    origin: readOrigin(row.origin),
    occurrences: row.occurrences,
    lastSeenAt: row.last_seen_at,
    observed: row.observed,
    evidence: readEvidence(row.evidence),
    dismissedReason: row.dismissed_reason,
    dismissedBy: row.dismissed_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A database's issues, in no particular order (see issue-order.ts). */
export async function listIssuesOfDatabase(db: StoreDb, databaseId: string): Promise<IssueRecord[]> {
  const rows = await db.selectFrom('issues').selectAll().where('database_id', '=', databaseId).execute();
  return rows.map(toRecord);
}

export async function findIssueById(db: StoreDb, id: string): Promise<IssueRecord | null> {
  const row = await db.selectFrom('issues').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Applies the changes and returns the stored issue; null when it no longer exists. */
export async function updateIssue(
  db: StoreDb,
  id: string,
  changes: IssueChanges,
): Promise<IssueRecord | null> {
  const row = await db
    .updateTable('issues')
    .set({
      ...(changes.title === undefined ? {} : { title: changes.title }),
      ...(changes.description === undefined ? {} : { description: changes.description }),
      ...(changes.severity === undefined ? {} : { severity: changes.severity }),
      ...(changes.status === undefined ? {} : { status: changes.status }),
      ...(changes.businessEntityId === undefined ? {} : { business_entity_id: changes.businessEntityId }),
      ...(changes.occurrences === undefined ? {} : { occurrences: changes.occurrences }),
      ...(changes.lastSeenAt === undefined ? {} : { last_seen_at: changes.lastSeenAt }),
      ...(changes.observed === undefined ? {} : { observed: changes.observed }),
      ...(changes.evidence === undefined ? {} : { evidence: toNullableJson(changes.evidence) }),
      ...(changes.dismissedReason === undefined ? {} : { dismissed_reason: changes.dismissedReason }),
      ...(changes.dismissedBy === undefined ? {} : { dismissed_by: changes.dismissedBy }),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The issue a check opened or is linked to (one per check, whatever its status). */
export async function findIssueOfCheck(db: StoreDb, checkId: string): Promise<IssueRecord | null> {
  const row = await db.selectFrom('issues').selectAll().where('check_id', '=', checkId).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function insertIssue(db: StoreDb, issue: NewIssue): Promise<IssueRecord> {
  const now = issue.createdAt ?? nowIso();
  const row = await db
    .insertInto('issues')
    .values({
      id: newId(),
      database_id: issue.databaseId,
      business_entity_id: issue.businessEntityId,
      title: issue.title,
      description: issue.description,
      severity: issue.severity,
      status: issue.status,
      check_id: issue.checkId,
      origin: issue.origin,
      occurrences: 1,
      last_seen_at: issue.lastSeenAt,
      observed: issue.observed,
      evidence: toNullableJson(issue.evidence),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** The issues of these checks, by check id; checks without one are absent. */
export async function listIssuesOfChecks(
  db: StoreDb,
  checkIds: readonly string[],
): Promise<Map<string, IssueRecord>> {
  const found = new Map<string, IssueRecord>();
  // A few hundred ids per statement keeps within the bound values one SQLite statement takes.
  for (let start = 0; start < checkIds.length; start += 500) {
    const ids = checkIds.slice(start, start + 500);
    const rows = await db.selectFrom('issues').selectAll().where('check_id', 'in', ids).execute();
    for (const row of rows) if (row.check_id !== null) found.set(row.check_id, toRecord(row));
  }
  return found;
}
