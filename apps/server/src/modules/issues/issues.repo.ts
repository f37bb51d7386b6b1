import type { IssueSeverity, IssueStatus } from '@querent/contracts';
import { issueSeverities, issueStatuses } from '@querent/contracts';
import type { Selectable } from 'kysely';
import type { StoreDb } from '../../store/connect.ts';
import type { IssuesTable } from '../../store/schema.ts';
import { nowIso } from '../../store/values.ts';

/** The only code with SQL for `issues`. */

export interface IssueRecord {
  id: string;
  databaseId: string;
  businessEntityId: string | null;
  title: string;
  description: string | null;
  severity: IssueSeverity;
  status: IssueStatus;
  queryId: string | null;
  createdAt: string;
  updatedAt: string;
}

export type IssueChanges = Partial<
  Pick<IssueRecord, 'title' | 'description' | 'severity' | 'status' | 'businessEntityId'>
>;

// The columns are free text: a row written by hand or by an older version may hold another word.
// It reads as the column default rather than failing the whole list.
function readSeverity(value: string): IssueSeverity {
  return (issueSeverities as readonly string[]).includes(value) ? (value as IssueSeverity) : 'medium';
}

function readStatus(value: string): IssueStatus {
  return (issueStatuses as readonly string[]).includes(value) ? (value as IssueStatus) : 'open';
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
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}
