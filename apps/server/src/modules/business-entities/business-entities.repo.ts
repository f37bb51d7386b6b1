import type { StoreDb } from '../../store/connect.ts';

/** The only code with SQL for `business_entities`. */

export interface BusinessEntityRecord {
  id: string;
  databaseId: string;
  name: string;
  definition: string | null;
  tableRef: string | null;
  reviewDate: string | null;
  reviewConversationId: string | null;
  /** Who owns the review conversation: only they may open it. */
  reviewConversationOwnerId: string | null;
  completeness: number | null;
  qualityScore: number | null;
  createdAt: string;
  updatedAt: string;
}

function selectRecords(db: StoreDb) {
  return db
    .selectFrom('business_entities')
    .leftJoin('conversations', 'conversations.id', 'business_entities.review_conversation_id')
    .select([
      'business_entities.id',
      'business_entities.database_id',
      'business_entities.name',
      'business_entities.definition',
      'business_entities.table_ref',
      'business_entities.review_date',
      'business_entities.review_conversation_id',
      'conversations.owner_id as review_conversation_owner_id',
      'business_entities.completeness',
      'business_entities.quality_score',
      'business_entities.created_at',
      'business_entities.updated_at',
    ]);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof selectRecords>['executeTakeFirstOrThrow']>>;

function toRecord(row: RecordRow): BusinessEntityRecord {
  return {
    id: row.id,
    databaseId: row.database_id,
    name: row.name,
    definition: row.definition,
    tableRef: row.table_ref,
    reviewDate: row.review_date,
    reviewConversationId: row.review_conversation_id,
    reviewConversationOwnerId: row.review_conversation_owner_id,
    completeness: row.completeness,
    qualityScore: row.quality_score,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A database's entities by name (compared the same way on both store dialects), then id. */
export async function listEntitiesOfDatabase(
  db: StoreDb,
  databaseId: string,
): Promise<BusinessEntityRecord[]> {
  const rows = await selectRecords(db).where('business_entities.database_id', '=', databaseId).execute();
  return rows
    .map(toRecord)
    .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export async function findEntityById(db: StoreDb, id: string): Promise<BusinessEntityRecord | null> {
  const row = await selectRecords(db).where('business_entities.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}
