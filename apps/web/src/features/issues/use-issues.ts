import { type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import type { Issue } from '../../api/types.ts';
import { useServices } from '../../app/services-context.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { businessEntitiesQuery } from '../business-entities/business-entities-query.ts';
import { notify } from '../../stores/notifications-store.ts';
import { entityNames } from './issue-rules.ts';

/** GET /api/issues for the selected context; a context change resets it (features/context). */
export function useIssues(contextId: string | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: queryKeys.issues(contextId),
    queryFn: () => api.issues.list(contextId ?? ''),
    enabled: contextId !== null,
  });
}

/**
 * The context's business entity names by id, from the control page's list (the same query).
 * Without them an issue simply shows no entity.
 */
export function useEntityNames(contextId: string | null) {
  const { api } = useServices();
  return useQuery({ ...businessEntitiesQuery(api, contextId), select: entityNames });
}

/** Puts `issue` in place of the cached copy with its id; a list not in the cache stays absent. */
function replaceCachedIssue(queryClient: QueryClient, contextId: string, issue: Issue): void {
  queryClient.setQueryData<Issue[]>(queryKeys.issues(contextId), (list) =>
    list?.map((item) => (item.id === issue.id ? issue : item)),
  );
}

/** Issues are flat records: the same values field by field is the same copy. */
function sameIssue(a: Issue, b: Issue): boolean {
  const keys = Object.keys(a) as (keyof Issue)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function cachedIssue(queryClient: QueryClient, contextId: string, id: string): Issue | undefined {
  return queryClient.getQueryData<Issue[]>(queryKeys.issues(contextId))?.find((item) => item.id === id);
}

/**
 * PUT /api/issues/{id} with the whole changed issue. The list shows the change at once; the
 * server's answer then replaces the local copy. On failure the copy from before comes
 * back, unless a later change already replaced it, and the server's message shows as a toast.
 */
export function useUpdateIssue(contextId: string) {
  const { api, queryClient } = useServices();
  return useMutation({
    mutationFn: (issue: Issue) => api.issues.update(issue),
    async onMutate(issue) {
      // A list read still in flight would overwrite the change with the old copy.
      await queryClient.cancelQueries({ queryKey: queryKeys.issues(contextId) });
      const previous = cachedIssue(queryClient, contextId, issue.id);
      replaceCachedIssue(queryClient, contextId, issue);
      return { previous };
    },
    onSuccess(saved) {
      replaceCachedIssue(queryClient, contextId, saved);
    },
    onError(error, issue, context) {
      const previous = context?.previous;
      const current = cachedIssue(queryClient, contextId, issue.id);
      if (previous && current && sameIssue(current, issue)) {
        replaceCachedIssue(queryClient, contextId, previous);
      }
      notify({
        group: 'issues',
        type: 'error',
        title: `Could not update “${issue.title}”`,
        text: errorMessage(error),
      });
    },
  });
}
