import { useQuery } from '@tanstack/react-query';
import { useServices } from '../app/services-context.tsx';
import { queryKeys } from './query-keys.ts';

export function useDatabases() {
  const { api } = useServices();
  return useQuery({ queryKey: queryKeys.databases, queryFn: () => api.databases.list() });
}

export function useProjects() {
  const { api } = useServices();
  return useQuery({ queryKey: queryKeys.projects, queryFn: () => api.projects.list() });
}
