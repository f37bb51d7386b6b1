import type { StoreDb } from '../../store/connect.ts';
import type { DatabaseRecord, Viewer } from '../databases/database-record.ts';
import { findUser } from '../users/find-user.ts';
import { listVerifiedQueries } from './queries.repo.ts';

/** Verified queries read per turn at most: the analyst ranks them and shows a few. */
const VERIFIED_READ = 500;

export interface VerifiedQuery {
  id: string;
  title: string | null;
  question: string | null;
  sql: string;
}

/**
 * The verified saved queries of a database the asker may already read, as the analyst's worked
 * examples: their own and those shared with their organisation, as for reading any saved query.
 */
export async function listVerifiedExamples(
  db: StoreDb,
  input: {
    askerId: string;
    /** The asker as the caller already has them (a turn's user); read by id otherwise. */
    asker?: Viewer;
    database: DatabaseRecord;
  },
): Promise<VerifiedQuery[]> {
  const asker = input.asker ?? (await findUser(db, input.askerId));
  if (!asker) return [];
  const records = await listVerifiedQueries(db, {
    databaseId: input.database.id,
    viewer: asker,
    limit: VERIFIED_READ,
  });
  return records.map((record) => ({
    id: record.id,
    title: record.title,
    question: record.question,
    sql: record.sql,
  }));
}
