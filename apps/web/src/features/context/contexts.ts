import { contextId, type Database, type Project } from '@querent/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';

/** One entry of the context selector: a database (`database-{id}`) or a project (`project-{id}`). */
export interface ContextOption {
  id: string;
  kind: 'database' | 'project';
  entityId: string;
  label: string;
}

/**
 * Databases come first: the first available context is the default and the first database is
 * selected when none is, and listing databases first makes those the same choice.
 */
export function buildContextOptions(
  databases: readonly Pick<Database, 'id' | 'name'>[],
  projects: readonly Pick<Project, 'id' | 'name'>[],
): ContextOption[] {
  return [
    ...databases.map((database) => ({
      id: contextId('database', database.id),
      kind: 'database' as const,
      entityId: database.id,
      label: database.name,
    })),
    ...projects.map((project) => ({
      id: contextId('project', project.id),
      kind: 'project' as const,
      entityId: project.id,
      label: `project > ${project.name}`,
    })),
  ];
}

/** The stored choice while it still exists, else the first option, else nothing. */
export function resolveContextId(options: ContextOption[], storedId: string | null): string | null {
  if (storedId !== null && options.some((option) => option.id === storedId)) return storedId;
  return options[0]?.id ?? null;
}

/**
 * After the context changes, the lists of every context are dropped, so the screens fetch the new
 * context's afresh as they re-render with it. Removing, not resetting: a reset would refetch the
 * old context's lists too, as their screens still watch them until that re-render.
 */
export function reloadContextData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: queryKeys.conversationsRoot });
  queryClient.removeQueries({ queryKey: queryKeys.businessEntitiesRoot });
  queryClient.removeQueries({ queryKey: queryKeys.issuesRoot });
}
