import { Link } from 'react-router';
import { linkClass, Page } from '../components/page.tsx';
import { CreditUsageSection } from '../features/credits/credit-usage-section.tsx';
import { GrantCreditsSection } from '../features/credits/grant-credits-section.tsx';
import { PeopleAdmin } from '../features/people/people-admin.tsx';
import { useUserStore } from '../stores/user-store.ts';

/** /user: the account in a line, and for administrators the people and organisations they manage. */
export function UserPage() {
  const user = useUserStore((state) => state.user);
  return (
    <Page title={user.isAdmin ? 'People' : 'Account'}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {user.inOrganization ? 'You belong to an organization.' : 'You are not part of an organization.'}{' '}
        {user.unlimitedCredits ? 'Credits are unlimited.' : `${user.credits} credits left.`}{' '}
        <Link to="/profile" className={linkClass}>
          Your profile
        </Link>
      </p>
      {user.isAdmin ? <PeopleAdmin /> : null}
      {user.isAdmin && !user.unlimitedCredits ? (
        <>
          <GrantCreditsSection />
          <CreditUsageSection />
        </>
      ) : null}
    </Page>
  );
}
