import type { StoreDb } from '../../store/connect.ts';
import { findEntityById } from './business-entities.repo.ts';

/** Whether the database has a business entity with this id. */
export async function hasBusinessEntity(db: StoreDb, databaseId: string, entityId: string): Promise<boolean> {
  const entity = await findEntityById(db, entityId);
  return entity !== null && entity.databaseId === databaseId;
}
