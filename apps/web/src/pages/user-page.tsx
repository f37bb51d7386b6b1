import { Link } from 'react-router';
import { linkClass, Page } from '../components/page.tsx';
import { CreditUsageSection } from '../features/credits/credit-usage-section.tsx';
import { GrantCreditsSection } from '../features/credits/grant-credits-section.tsx';
import { PeopleAdmin } from '../features/people/people-admin.tsx';
import { useUserStore } from '../stores/user-store.ts';

/**
 * /user: the account in a line, and for those the server lets manage them (administrators) the
 * people and organisations, and everyone's credits.
 */
export function UserPage() {
  const user = useUserStore((state) => state.user);
  const { manage_people: managesPeople, manage_credits: managesCredits } = user.abilities;
  return (
    <Page title={managesPeople ? 'People' : 'Account'}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {user.inOrganization ? 'You belong to an organization.' : 'You are not part of an organization.'}{' '}
        {user.unlimitedCredits ? 'Credits are unlimited.' : `${user.credits} credits left.`}{' '}
        <Link to="/profile" className={linkClass}>
          Your profile
        </Link>
      </p>
      {managesPeople ? <PeopleAdmin /> : null}
      {managesCredits && !user.unlimitedCredits ? (
        <>
          <GrantCreditsSection />
          <CreditUsageSection />
        </>
      ) : null}
    </Page>
  );
}
