import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';

/** The apps connected through OAuth, and disconnecting one. */
export function useConnectedApps() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const apps = useQuery({ queryKey: queryKeys.connectedApps, queryFn: () => api.connectedApps.list() });
  const disconnect = useMutation({
    mutationFn: (id: string) => api.connectedApps.disconnect(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.connectedApps }),
  });
  return { apps, disconnect };
}
