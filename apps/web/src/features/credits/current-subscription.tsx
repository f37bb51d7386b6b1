import type { CreditSubscription } from '@querent/contracts';
import { buttonClass } from '../../components/page.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useBillingPortal } from './use-billing-portal.ts';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** What happens next to the plan, in words: renews, ends, or waits for a payment. */
function nextStep(subscription: CreditSubscription): string {
  if (subscription.status === 'canceled' || subscription.cancel_at_period_end) {
    return `Ends on ${day(subscription.renews_at)}`;
  }
  if (subscription.status === 'past_due' || subscription.status === 'unpaid') {
    return 'Payment overdue: update your card with Manage subscription';
  }
  if (subscription.status === 'incomplete') return 'Waiting for the first payment';
  if (subscription.status === 'paused') return 'Paused';
  return `Renews on ${day(subscription.renews_at)}`;
}

/**
 * The plan the balance is on, when it renews or ends, and for a plan bought through Stripe the way
 * to cancel or change it: Stripe's customer portal, as operators selling through Stripe expect.
 */
export function CurrentSubscription({
  subscription,
  planName,
}: {
  subscription: CreditSubscription;
  planName: string;
}) {
  const portal = useBillingPortal();
  return (
    <section
      data-testid="current-subscription"
      className="flex flex-col items-center gap-2 rounded-lg border border-zinc-200 p-4 text-sm dark:border-zinc-800"
    >
      <p>
        <span className="font-semibold">{planName} plan</span> · {nextStep(subscription)}
      </p>
      {subscription.manage_online ? (
        <button
          type="button"
          className={buttonClass}
          disabled={portal.isPending}
          onClick={() => portal.mutate()}
        >
          Manage subscription
        </button>
      ) : null}
      {subscription.manage_online ? (
        <p className="text-xs text-zinc-500">Cancel, change plan or update your card on Stripe.</p>
      ) : null}
      {portal.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(portal.error)}
        </p>
      ) : null}
    </section>
  );
}
