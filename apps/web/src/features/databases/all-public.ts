import type { Database } from '@querent/contracts';

/**
 * Whether every database listed is public (readable by everyone, visitors included); false for
 * an empty list, where nothing is public.
 */
export function areAllDatabasesPublic(databases: readonly Pick<Database, 'public'>[]): boolean {
  return databases.length > 0 && databases.every((database) => database.public);
}
