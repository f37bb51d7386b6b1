import type { Database } from '@querent/contracts';
import { useDatabases, useProjects } from '../../api/use-lists.ts';
import { useContextStore } from '../../stores/context-store.ts';

export interface EditorDatabase {
  /** The database queries run against, or null: running then fails with 'No database selected'. */
  databaseId: string | null;
  database: Database | null;
}

/**
 * Which database the editor runs against: a saved query's own database, else the selected
 * context's database, else the selected project's database.
 */
export function useEditorDatabase(queryDatabaseId: string | null): EditorDatabase {
  const contextDatabaseId = useContextStore((state) => state.databaseId);
  const projectId = useContextStore((state) => state.projectId);
  const databases = useDatabases();
  const projects = useProjects();
  const projectDatabaseId = projectId
    ? (projects.data?.find((project) => project.id === projectId)?.databaseId ?? null)
    : null;
  const databaseId = queryDatabaseId ?? contextDatabaseId ?? projectDatabaseId;
  const database = databases.data?.find((item) => item.id === databaseId) ?? null;
  return { databaseId, database };
}
