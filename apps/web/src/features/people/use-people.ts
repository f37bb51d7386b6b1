import type { RouteBody } from '@querent/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';

/** People matching the search (and organisation filter), for administrators. */
export function usePeople(search: string, organizationId: string | null) {
  const { api } = useServices();
  const text = search.trim();
  return useQuery({
    queryKey: queryKeys.people(text, organizationId),
    queryFn: () =>
      api.people.list({
        ...(text === '' ? {} : { q: text }),
        ...(organizationId === null ? {} : { organization_id: organizationId }),
      }),
    placeholderData: (previous) => previous,
  });
}

export function useOrganizations() {
  const { api } = useServices();
  return useQuery({ queryKey: queryKeys.organizations, queryFn: () => api.people.organizations() });
}

/** Every change here can move people and member counts, so both lists are refreshed after it. */
function useRefreshPeople() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.peopleRoot }),
      queryClient.invalidateQueries({ queryKey: queryKeys.organizations }),
    ]);
}

export function useChangePerson() {
  const { api } = useServices();
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: (input: { id: string; changes: RouteBody<'PUT /api/users/:id'> }) =>
      api.people.change(input.id, input.changes),
    onSettled: refresh,
  });
}

export function useOrganizationActions() {
  const { api } = useServices();
  const refresh = useRefreshPeople();
  const create = useMutation({
    mutationFn: (name: string) => api.people.createOrganization(name),
    onSuccess: refresh,
  });
  const rename = useMutation({
    mutationFn: (input: { id: string; name: string }) => api.people.renameOrganization(input.id, input.name),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (input: { id: string; force: boolean }) =>
      api.people.deleteOrganization(input.id, input.force),
    onSuccess: refresh,
  });
  return { create, rename, remove };
}
