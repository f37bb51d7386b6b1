import type { StoreDb } from '../../store/connect.ts';
import {
  findEntityById,
  insertEntity,
  listEntitiesOfDatabase,
  recordReview,
  recordScores,
  updateEntity,
} from './business-entities.repo.ts';
import type { BusinessEntityRecord, EntityChanges, NewEntity } from './entity-record.ts';

/*
 * What other modules may read and change of business entities (data quality makes, defines and
 * scores them); the table stays this module's.
 */

/** A database's entities by name. */
export function listEntities(db: StoreDb, databaseId: string): Promise<BusinessEntityRecord[]> {
  return listEntitiesOfDatabase(db, databaseId);
}

export function findEntity(db: StoreDb, id: string): Promise<BusinessEntityRecord | null> {
  return findEntityById(db, id);
}

export function createEntity(db: StoreDb, entity: NewEntity): Promise<BusinessEntityRecord> {
  return insertEntity(db, entity);
}

export function changeEntity(db: StoreDb, id: string, changes: EntityChanges): Promise<void> {
  return updateEntity(db, id, changes);
}

/** What an analysis leaves on the card: when, where it was discussed, and the scores. */
export function recordEntityReview(
  db: StoreDb,
  id: string,
  review: Parameters<typeof recordReview>[2],
): Promise<void> {
  return recordReview(db, id, review);
}

/** New scores without a new review (a check muted, accepted or deleted). */
export function recordEntityScores(
  db: StoreDb,
  id: string,
  scores: { completeness: number | null; qualityScore: number | null },
): Promise<void> {
  return recordScores(db, id, scores);
}
