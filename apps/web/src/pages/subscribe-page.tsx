import type { CreditPlan } from '@querent/contracts';
import { Link } from 'react-router';
import { linkClass } from '../components/page.tsx';
import { useCreditPlans } from '../features/credits/use-credit-plans.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useUserStore } from '../stores/user-store.ts';

function PlanCard({ plan, current }: { plan: CreditPlan; current: boolean }) {
  return (
    <li
      data-testid="credit-plan"
      className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-4 text-left dark:border-zinc-800"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold">{plan.name}</h2>
        <span className="text-sm text-zinc-600 dark:text-zinc-400">{plan.price}</span>
      </div>
      <p className="text-sm">{plan.monthly_credits.toLocaleString()} credits every month</p>
      {current ? (
        <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">Your current plan</p>
      ) : plan.payment_link ? (
        <a href={plan.payment_link} className={linkClass} rel="noopener noreferrer">
          Choose {plan.name}
        </a>
      ) : (
        <p className="text-xs text-zinc-500">Ask an administrator to put you on this plan.</p>
      )}
    </li>
  );
}

/** /subscribe: the balance, the plans on offer and how to get more credits. */
export function SubscribePage() {
  const storedCredits = useUserStore((state) => state.user.credits);
  const plans = useCreditPlans();
  const credits = plans.data?.credits_remaining ?? storedCredits;
  const currentPlan = plans.data?.subscription?.plan_id ?? null;
  return (
    <div className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center gap-5 p-6">
      <h1 className="text-center text-2xl font-semibold tracking-tight">Subscribe</h1>
      {plans.data?.unlimited ? (
        <p className="text-center text-sm">Credits are unlimited on this server.</p>
      ) : (
        <p data-testid="credit-balance" className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          You have {credits.toLocaleString()} credits left.
        </p>
      )}
      {plans.isError ? <p role="alert">{errorMessage(plans.error)}</p> : null}
      {plans.data && plans.data.plans.length > 0 ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {plans.data.plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} current={plan.id === currentPlan} />
          ))}
        </ul>
      ) : null}
      {plans.data?.unlimited ? null : (
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          Credits pay for the analyst&apos;s answers, by the tokens its model uses. To get more, choose a plan
          {plans.data && plans.data.plans.length > 0 ? ' above' : ''} or ask an administrator of this server
          to grant you credits.
        </p>
      )}
      <Link to="/" className={`${linkClass} text-center`}>
        Back to Querent
      </Link>
    </div>
  );
}
