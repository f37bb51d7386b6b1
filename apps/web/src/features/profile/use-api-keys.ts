import type { CreatedApiKey, RouteBody } from '@querent/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';

/**
 * The keys listed on /profile, and making and revoking them; for an administrator of organisation
 * keys, the organisations one may be made for.
 */
export function useApiKeys(options: { managesOrganizationKeys: boolean }) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: queryKeys.apiKeys, queryFn: () => api.apiKeys.list() });
  const organizations = useQuery({
    queryKey: queryKeys.organizations,
    queryFn: () => api.people.organizations(),
    enabled: options.managesOrganizationKeys,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys });
  const create = useMutation<CreatedApiKey, Error, RouteBody<'POST /api/api-keys'>>({
    mutationFn: (body) => api.apiKeys.create(body),
    onSuccess: refresh,
  });
  const revoke = useMutation({ mutationFn: (id: string) => api.apiKeys.revoke(id), onSettled: refresh });
  return { keys, organizations, create, revoke };
}
