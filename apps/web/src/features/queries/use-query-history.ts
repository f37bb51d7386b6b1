import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';

/** The user's recent runs on a database, newest first; refreshed after each run of the editor. */
export function useQueryHistory(databaseId: string | null, enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: queryKeys.queryHistory(databaseId ?? ''),
    queryFn: () => api.queries.history(databaseId ?? ''),
    enabled: enabled && databaseId !== null,
    staleTime: 0,
  });
}
