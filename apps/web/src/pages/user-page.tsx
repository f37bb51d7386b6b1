import { Page } from '../components/page.tsx';
import { CreditUsageSection } from '../features/credits/credit-usage-section.tsx';
import { GrantCreditsSection } from '../features/credits/grant-credits-section.tsx';
import { useUserStore } from '../stores/user-store.ts';

export function UserPage() {
  const user = useUserStore((state) => state.user);
  return (
    <Page title="Account">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {user.inOrganization ? 'You belong to an organization.' : 'You are not part of an organization.'}{' '}
        {user.unlimitedCredits ? 'Credits are unlimited.' : `${user.credits} credits left.`}
      </p>
      {user.isAdmin && !user.unlimitedCredits ? (
        <>
          <GrantCreditsSection />
          <CreditUsageSection />
        </>
      ) : null}
    </Page>
  );
}
