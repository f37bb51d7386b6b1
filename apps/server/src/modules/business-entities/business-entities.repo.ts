import type { CheckOrigin } from '@querent/contracts';
import { checkOrigins } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { newId, nowIso, parseNullableJson, readBool, toNullableJson } from '../../store/values.ts';
import type { BusinessEntityRecord, EntityChanges, NewEntity } from './entity-record.ts';

/** The only code with SQL for `business_entities`. */

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
      'conversations.organization_id as review_conversation_organization_id',
      'conversations.shared as review_conversation_shared',
      'business_entities.completeness',
      'business_entities.quality_score',
      'business_entities.origin',
      'business_entities.table_schema',
      'business_entities.table_name',
      'business_entities.key_columns',
      'business_entities.created_at',
      'business_entities.updated_at',
    ]);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof selectRecords>['executeTakeFirstOrThrow']>>;

function readKey(json: string | null): string[] {
  const value = parseNullableJson(json);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function toRecord(row: RecordRow): BusinessEntityRecord {
  return {
    id: row.id,
    databaseId: row.database_id,
    name: row.name,
    definition: row.definition,
    tableRef: row.table_ref,
    reviewDate: row.review_date,
    reviewConversationId: row.review_conversation_id,
    reviewConversation:
      row.review_conversation_owner_id === null
        ? null
        : {
            ownerId: row.review_conversation_owner_id,
            organizationId: row.review_conversation_organization_id,
            sharedWithOrganization: readBool(row.review_conversation_shared),
          },
    completeness: row.completeness,
    qualityScore: row.quality_score,
    origin: (checkOrigins as readonly string[]).includes(row.origin) ? (row.origin as CheckOrigin) : 'user',
    table: row.table_name === null ? null : { schema: row.table_schema ?? '', name: row.table_name },
    keyColumns: readKey(row.key_columns),
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

export async function insertEntity(db: StoreDb, entity: NewEntity): Promise<BusinessEntityRecord> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('business_entities')
    .values({
      id,
      database_id: entity.databaseId,
      name: entity.name,
      definition: entity.definition,
      table_ref: entity.tableRef,
      table_schema: entity.table?.schema ?? null,
      table_name: entity.table?.name ?? null,
      key_columns: toNullableJson(entity.keyColumns.length > 0 ? entity.keyColumns : null),
      origin: entity.origin,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const stored = await findEntityById(db, id);
  if (!stored) throw new Error(`Business entity ${id} vanished right after it was made`);
  return stored;
}

export async function updateEntity(db: StoreDb, id: string, changes: EntityChanges): Promise<void> {
  await db
    .updateTable('business_entities')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.definition === undefined ? {} : { definition: changes.definition }),
      ...(changes.tableRef === undefined ? {} : { table_ref: changes.tableRef }),
      ...(changes.table === undefined
        ? {}
        : { table_schema: changes.table?.schema ?? null, table_name: changes.table?.name ?? null }),
      ...(changes.keyColumns === undefined
        ? {}
        : { key_columns: toNullableJson(changes.keyColumns.length > 0 ? changes.keyColumns : null) }),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

/** What an analysis leaves on the card: when, where it was discussed, and the scores. */
export async function recordReview(
  db: StoreDb,
  id: string,
  review: {
    reviewDate: string;
    /** Undefined keeps the conversation the entity was last reviewed in. */
    reviewConversationId?: string | undefined;
    completeness: number | null;
    qualityScore: number | null;
  },
): Promise<void> {
  await db
    .updateTable('business_entities')
    .set({
      review_date: review.reviewDate,
      ...(review.reviewConversationId === undefined
        ? {}
        : { review_conversation_id: review.reviewConversationId }),
      completeness: review.completeness,
      quality_score: review.qualityScore,
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

/** New scores without a new review (a check muted, accepted or deleted). */
export async function recordScores(
  db: StoreDb,
  id: string,
  scores: { completeness: number | null; qualityScore: number | null },
): Promise<void> {
  await db
    .updateTable('business_entities')
    .set({ completeness: scores.completeness, quality_score: scores.qualityScore, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}
