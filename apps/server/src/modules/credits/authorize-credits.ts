import { authorizeKind } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import { can } from '../access/can.ts';
import { kindSubject } from '../access/subject.ts';
import type { CreditAccount } from './credit-account.ts';
import { creditsSubject, subscriptionSubject } from './credits-subject.ts';

/**
 * Granting or removing anyone's credits, setting their plan or cap (`edit`), and seeing everyone's
 * use (`read`): asked of the kind, before any balance is looked up, so the answer says nothing of
 * who exists. The role table gives them to administrators.
 */
export function authorizeCreditsAdministration(actor: Actor, action: 'read' | 'edit'): void {
  authorizeKind(
    actor,
    action,
    kindSubject('credits'),
    action === 'edit'
      ? 'Only administrators can change credits'
      : 'Only administrators can see everyone’s use of credits',
  );
}

/** One's own credits: the balance drawn on, its history and its plan. */
export function authorizeOwnCredits(actor: Actor): void {
  authorizeKind(actor, 'read', creditsSubject(actor), 'You may not see these credits');
}

/** Whether the actor may manage this plan bought through Stripe (cancel it, switch it) in its portal. */
export function mayManageSubscription(actor: Actor, account: CreditAccount): boolean {
  return can(actor, 'edit', subscriptionSubject(account));
}

/** mayManageSubscription, or "forbidden" (POST /api/credits/portal). */
export function authorizeSubscriptionManagement(actor: Actor, account: CreditAccount): void {
  authorizeKind(
    actor,
    'edit',
    subscriptionSubject(account),
    'Only the person who subscribed or an administrator can manage it',
  );
}
