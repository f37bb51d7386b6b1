import type { Subject } from '../access/subject.ts';
import type { CreditAccount } from './credit-account.ts';

/** A person's credits as the policy sees them: theirs, whichever balance they draw on. */
export function creditsSubject(person: { id: string; organizationId: string | null }): Subject {
  return {
    kind: 'credits',
    ownerId: person.id,
    organizationId: person.organizationId,
    sharedWithOrganization: false,
    isPublic: false,
  };
}

/**
 * A plan bought through Stripe, as the policy sees it: its buyer's, and, when it pays for an
 * organisation's pool, that organisation's too.
 */
export function subscriptionSubject(account: CreditAccount): Subject {
  return {
    kind: 'subscription',
    ownerId: account.userId,
    organizationId: account.organizationId,
    sharedWithOrganization: account.organizationId !== null,
    isPublic: false,
  };
}
