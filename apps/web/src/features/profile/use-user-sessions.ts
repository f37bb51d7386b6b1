import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';

/** What the sessions list can do, and how it is going. */
export interface SessionActions {
  signOut: (sessionId: string) => void;
  signOutOthers: () => void;
  pending: boolean;
  error: unknown;
}

/** The user's sessions (none listed in local mode) and the two ways of signing them out. */
export function useUserSessions() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: queryKeys.userSessions, queryFn: () => api.user.sessions() });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.userSessions });
  const signOne = useMutation({
    mutationFn: (id: string) => api.user.signOutSession(id),
    onSettled: refresh,
  });
  const signOthers = useMutation({ mutationFn: () => api.user.signOutOtherSessions(), onSettled: refresh });
  const actions: SessionActions = {
    signOut: (id) => signOne.mutate(id),
    signOutOthers: () => signOthers.mutate(),
    pending: signOne.isPending || signOthers.isPending,
    error: signOne.error ?? signOthers.error,
  };
  return { sessions, actions };
}
