import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys.ts';
import { useServices } from '../app/services-context.tsx';
import { Page } from '../components/page.tsx';
import { CreditsSection } from '../features/credits/credits-section.tsx';
import { useCreditHistory } from '../features/credits/use-credit-plans.ts';
import { AccountSection } from '../features/profile/account-section.tsx';
import { ApiKeysSection } from '../features/profile/api-keys-section.tsx';
import { ConnectedAppsSection } from '../features/profile/connected-apps-section.tsx';
import { SessionsSection } from '../features/profile/sessions-section.tsx';
import { useUserSessions } from '../features/profile/use-user-sessions.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useUserStore } from '../stores/user-store.ts';

/**
 * /profile: the account, its API keys, and in hosted mode the apps connected to it and the browsers
 * signed in to it. Local mode has no sign-in, so it shows the local administrator, no apps and no
 * sessions.
 */
export function ProfilePage() {
  const { api } = useServices();
  const user = useUserStore((state) => state.user);
  const profile = useQuery({ queryKey: queryKeys.userProfile, queryFn: () => api.user.me() });
  const { sessions, actions } = useUserSessions();
  const credits = useCreditHistory();
  return (
    <Page title="Profile">
      <AccountSection user={user} server={profile.data} />
      {credits.data && !credits.data.unlimited ? <CreditsSection history={credits.data} /> : null}
      <ApiKeysSection />
      <ConnectedAppsSection />
      {sessions.isError ? <p role="alert">{errorMessage(sessions.error)}</p> : null}
      {sessions.data?.mode === 'oidc' ? (
        <SessionsSection sessions={sessions.data.sessions} actions={actions} />
      ) : null}
    </Page>
  );
}
