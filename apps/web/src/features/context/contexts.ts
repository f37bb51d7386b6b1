import { contextId, type Database, type Project } from '@querent/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';

/** One entry of the context selector (SPEC.md §3). */
export interface ContextOption {
  id: string;
  kind: 'database' | 'project';
  entityId: string;
  label: string;
}

/**
 * Databases come first: SPEC.md §4 wants "the first available context" by default and "the first
 * database" auto-selected, and listing databases first makes those the same choice.
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

/** After the context changes, lists that belong to the old one are dropped and fetched anew. */
export async function reloadContextData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.resetQueries({ queryKey: queryKeys.conversationsRoot }),
    queryClient.resetQueries({ queryKey: queryKeys.businessEntitiesRoot }),
    queryClient.resetQueries({ queryKey: queryKeys.issuesRoot }),
  ]);
}
