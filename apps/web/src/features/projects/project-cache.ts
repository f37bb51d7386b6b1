import type { Project } from '@querent/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';

/** Writes answer with the project as it now is; the cached list follows at once. */
export function putProjectInCache(queryClient: QueryClient, project: Project): void {
  queryClient.setQueryData(queryKeys.project(project.id), project);
  queryClient.setQueryData<Project[]>(queryKeys.projects, (list) => {
    if (!list) return list;
    const known = list.some((item) => item.id === project.id);
    return known ? list.map((item) => (item.id === project.id ? project : item)) : [...list, project];
  });
  // The project's schema is its tables: a changed list makes the cached one wrong.
  queryClient.removeQueries({ queryKey: queryKeys.projectSchema(project.id), exact: true });
}

export function removeProjectFromCache(queryClient: QueryClient, projectId: string): Project[] {
  return (
    queryClient.setQueryData<Project[]>(queryKeys.projects, (list) =>
      list?.filter((item) => item.id !== projectId),
    ) ?? []
  );
}
