import { queryOptions } from '@tanstack/react-query';
import type { Api } from '../../api/create-api.ts';
import { queryKeys } from '../../api/query-keys.ts';

/**
 * GET /api/business-entities for a context, shared by the control page and the issues page (one
 * cache entry, so either fills it for the other); a context change drops it (features/context).
 */
export function businessEntitiesQuery(api: Api, contextId: string | null) {
  return queryOptions({
    queryKey: queryKeys.businessEntities(contextId),
    queryFn: () => api.businessEntities.list(contextId ?? ''),
    enabled: contextId !== null,
  });
}
