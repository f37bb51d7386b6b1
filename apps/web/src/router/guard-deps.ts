import { contextId } from '@querent/contracts';
import { queryKeys } from '../api/query-keys.ts';
import type { Services } from '../app/services.ts';
import { isAnonymous, isSignedIn } from '../session/current-user.ts';
import { useContextStore } from '../stores/context-store.ts';
import { useUserStore } from '../stores/user-store.ts';
import type { AuthGuardDeps, SandboxGuardDeps } from './guards.ts';

/** Connects the pure guards to the app's stores and services. */
export function guardDepsFor(services: Services): AuthGuardDeps & SandboxGuardDeps {
  return {
    isAuthenticated: () => isSignedIn(useUserStore.getState().user),
    checkAuth: () => services.session.checkAuth(),
    loginUrl: () => services.session.loginUrl(),
    async refreshDatabases() {
      try {
        await services.refreshDatabases();
      } catch (error) {
        // The screen's own query shows the failure; navigation goes on.
        console.error('Failed to refresh databases', error);
      }
    },
    isSandbox: () => isAnonymous(useUserStore.getState().user),
    hasSelectedContext: () => useContextStore.getState().contextSelectedId !== null,
    async runSetup() {
      try {
        // Cached data is enough here; the auth guard already refreshed the list after sign-in.
        const databases = await services.queryClient.query({
          queryKey: queryKeys.databases,
          queryFn: () => services.api.databases.list(),
          staleTime: 'static',
        });
        const first = databases[0];
        if (first) services.changeContext(contextId('database', first.id));
      } catch (error) {
        console.error('Setup failed', error);
      }
    },
  };
}
