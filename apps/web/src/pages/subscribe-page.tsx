import type { CreditPlan } from '@querent/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { inputClass } from '../components/form-field.tsx';
import { buttonClass, linkClass } from '../components/page.tsx';
import { CurrentSubscription } from '../features/credits/current-subscription.tsx';
import { useCheckout } from '../features/credits/use-checkout.ts';
import { useCreditPlans } from '../features/credits/use-credit-plans.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useUserStore } from '../stores/user-store.ts';

function PlanCard({
  plan,
  current,
  changeInPortal,
}: {
  plan: CreditPlan;
  current: boolean;
  /** On a plan bought through Stripe: other plans are chosen in Stripe's portal, not bought again. */
  changeInPortal: boolean;
}) {
  const checkout = useCheckout();
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
      ) : changeInPortal ? (
        <p className="text-xs text-zinc-500">Switch with Manage subscription.</p>
      ) : plan.buy_online ? (
        <button
          type="button"
          className={buttonClass}
          disabled={checkout.isPending}
          onClick={() => checkout.mutate({ plan_id: plan.id })}
        >
          Choose {plan.name}
        </button>
      ) : plan.payment_link ? (
        <a href={plan.payment_link} className={linkClass} rel="noopener noreferrer">
          Choose {plan.name}
        </a>
      ) : (
        <p className="text-xs text-zinc-500">Ask an administrator to put you on this plan.</p>
      )}
      {checkout.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(checkout.error)}
        </p>
      ) : null}
    </li>
  );
}

/** A pack of credits bought once through Stripe Checkout. */
function BuyCredits() {
  const checkout = useCheckout();
  const [credits, setCredits] = useState('1000');
  return (
    <form
      className="flex flex-wrap items-end justify-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        checkout.mutate({ credits: Number(credits) });
      }}
    >
      <label className="flex flex-col gap-1 text-sm">
        Credits to buy
        <input
          type="number"
          min={1}
          step={1}
          className={inputClass}
          value={credits}
          onChange={(event) => setCredits(event.target.value)}
        />
      </label>
      <button type="submit" className={buttonClass} disabled={checkout.isPending}>
        Buy credits
      </button>
      {checkout.isError ? (
        <p role="alert" className="w-full text-center text-sm text-red-700">
          {errorMessage(checkout.error)}
        </p>
      ) : null}
    </form>
  );
}

/** /subscribe: the balance, the plans on offer and how to get more credits. */
export function SubscribePage() {
  const storedCredits = useUserStore((state) => state.user.credits);
  const plans = useCreditPlans();
  const credits = plans.data?.credits_remaining ?? storedCredits;
  const subscription = plans.data?.subscription ?? null;
  const currentPlan = subscription?.plan_id ?? null;
  const currentPlanName = plans.data?.plans.find((plan) => plan.id === currentPlan)?.name ?? currentPlan;
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
      {subscription && currentPlanName ? (
        <CurrentSubscription subscription={subscription} planName={currentPlanName} />
      ) : null}
      {plans.data && plans.data.plans.length > 0 ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {plans.data.plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              current={plan.id === currentPlan}
              changeInPortal={subscription?.manage_online === true}
            />
          ))}
        </ul>
      ) : null}
      {plans.data?.checkout ? <BuyCredits /> : null}
      {plans.data?.unlimited ? null : (
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          Credits pay for the analyst&apos;s answers, by the tokens its model uses
          {plans.data?.price_per_query
            ? `, and for the SQL you run yourself: ${plans.data.price_per_query.toLocaleString()} ${plans.data.price_per_query === 1 ? 'credit' : 'credits'} a query`
            : ''}
          . To get more, choose a plan
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
