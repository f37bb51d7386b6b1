import { insertEntry } from './credit-ledger.repo.ts';
import type { CreditsDeps } from './credits-deps.ts';

// Users already granted in this process: the grant's unique key makes it once-only across
// instances; this only spares the insert on every balance read.
const granted = new Set<string>();

/**
 * A new hosted user's SIGNUP_CREDITS, written once (its idempotency key is the user's) when their
 * balance is first read or drawn on, so two first requests at once still grant it once.
 */
export async function ensureSignupGrant(deps: CreditsDeps, userId: string): Promise<void> {
  if (deps.signupCredits <= 0 || granted.has(userId)) return;
  await insertEntry(deps.db, {
    account: { userId, organizationId: null },
    kind: 'grant',
    amount: deps.signupCredits,
    reason: 'Credits to start with',
    actorId: null,
    subject: null,
    idempotencyKey: `signup:${userId}`,
  });
  granted.add(userId);
}
