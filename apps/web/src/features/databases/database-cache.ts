import type { Database, Project } from '@querent/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';

/*
 * The server answers every write with the database as it now is, so the cached lists are updated
 * from that answer at once instead of waiting for a refetch: a deleted database leaves the list
 * immediately.
 */

export function putDatabaseInCache(queryClient: QueryClient, database: Database): void {
  queryClient.setQueryData(queryKeys.database(database.id), database);
  queryClient.setQueryData<Database[]>(queryKeys.databases, (list) => {
    if (!list) return list;
    const known = list.some((item) => item.id === database.id);
    return known ? list.map((item) => (item.id === database.id ? database : item)) : [...list, database];
  });
}

/** Drops the database and, as the server did, its projects; returns what remains of both lists. */
export function removeDatabaseFromCache(
  queryClient: QueryClient,
  databaseId: string,
): { databases: Database[]; projects: Project[] } {
  const databases = queryClient.setQueryData<Database[]>(queryKeys.databases, (list) =>
    list?.filter((item) => item.id !== databaseId),
  );
  const projects = queryClient.setQueryData<Project[]>(queryKeys.projects, (list) =>
    list?.filter((project) => project.databaseId !== databaseId),
  );
  return { databases: databases ?? [], projects: projects ?? [] };
}

/** The one-database query goes only once nobody shows it, or it would be fetched again and 404. */
export function forgetDatabase(queryClient: QueryClient, databaseId: string): void {
  queryClient.removeQueries({ queryKey: queryKeys.database(databaseId), exact: true });
  queryClient.removeQueries({ queryKey: queryKeys.databaseSchema(databaseId), exact: true });
}
