import type { RouteBody } from '@querent/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import type { EntityDetail, QualityCheck } from '../../api/types.ts';
import { useServices } from '../../app/services-context.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';

/** GET /api/business-entities/{id}: the entity with its checks and the arithmetic of its scores. */
export function useEntityDetail(id: string | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: queryKeys.entityDetail(id ?? ''),
    queryFn: () => api.businessEntities.detail(id ?? ''),
    enabled: id !== null,
  });
}

type CheckChange = RouteBody<'PUT /api/checks/:id'>;

/**
 * What a person does to an entity's checks: accept, mute with a reason, unmute, change the
 * thresholds, delete, run them all now. Each refreshes the entity, the cards and the issues, since
 * scores and issues follow from the checks.
 */
export function useCheckActions(entityId: string) {
  const { api, queryClient } = useServices();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.businessEntitiesRoot }),
      queryClient.invalidateQueries({ queryKey: queryKeys.issuesRoot }),
    ]);
  };
  const failed = (title: string) => (error: unknown) =>
    notify({ group: 'quality', type: 'error', title, text: errorMessage(error) });

  const change = useMutation({
    mutationFn: ({ check, body }: { check: QualityCheck; body: CheckChange }) =>
      api.checks.update(check.id, body),
    onSuccess: refresh,
    onError: failed('Could not change the check'),
  });
  const remove = useMutation({
    mutationFn: (check: QualityCheck) => api.checks.remove(check.id),
    onSuccess: refresh,
    onError: failed('Could not delete the check'),
  });
  const run = useMutation({
    mutationFn: () => api.businessEntities.run(entityId),
    onSuccess: async (detail: EntityDetail) => {
      queryClient.setQueryData(queryKeys.entityDetail(entityId), detail);
      await refresh();
    },
    onError: failed('Could not run the checks'),
  });
  return { change, remove, run };
}
