// Rows the quality API suites need that no route creates (entities and issues come from the
// analyst), written straight into the store: sqlite databases that point nowhere, review chats.
import type { StoreDb } from '../../src/store/connect.ts';
import { newId, toJson } from '../../src/store/values.ts';

export async function insertDatabase(
  db: StoreDb,
  input: { name: string; ownerId: string; organizationId?: string; isPublic?: boolean },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('databases')
    .values({
      id,
      name: input.name,
      engine: 'sqlite',
      details: toJson({ filename: `/nowhere/${id}.sqlite` }),
      public: input.isPublic ?? false,
      owner_id: input.ownerId,
      organization_id: input.organizationId ?? null,
    })
    .execute();
  return id;
}

export async function insertConversation(db: StoreDb, ownerId: string, databaseId: string): Promise<string> {
  const id = newId();
  await db
    .insertInto('conversations')
    .values({
      id,
      name: 'Review',
      owner_id: ownerId,
      database_id: databaseId,
      context_id: `database-${databaseId}`,
    })
    .execute();
  return id;
}

export async function insertEntity(
  db: StoreDb,
  databaseId: string,
  fields: {
    name: string;
    definition?: string;
    tableRef?: string;
    reviewDate?: string;
    reviewConversationId?: string;
    completeness?: number;
    qualityScore?: number;
  },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('business_entities')
    .values({
      id,
      database_id: databaseId,
      name: fields.name,
      definition: fields.definition ?? null,
      table_ref: fields.tableRef ?? null,
      review_date: fields.reviewDate ?? null,
      review_conversation_id: fields.reviewConversationId ?? null,
      completeness: fields.completeness ?? null,
      quality_score: fields.qualityScore ?? null,
    })
    .execute();
  return id;
}

export async function insertIssue(
  db: StoreDb,
  databaseId: string,
  fields: {
    title: string;
    entityId?: string;
    severity?: string;
    status?: string;
    description?: string;
    createdAt: string;
  },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('issues')
    .values({
      id,
      database_id: databaseId,
      business_entity_id: fields.entityId ?? null,
      title: fields.title,
      description: fields.description ?? null,
      ...(fields.severity === undefined ? {} : { severity: fields.severity }),
      ...(fields.status === undefined ? {} : { status: fields.status }),
      created_at: fields.createdAt,
      updated_at: fields.createdAt,
    })
    .execute();
  return id;
}
