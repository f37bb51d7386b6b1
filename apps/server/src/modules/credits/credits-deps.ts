import type { StoreDb } from '../../store/connect.ts';

export interface CreditsDeps {
  db: StoreDb;
  /** Credits a new hosted user starts with (SIGNUP_CREDITS); 0 gives none. */
  signupCredits: number;
  /** Tests only: the clock holds and monthly caps are judged by. */
  now?: () => Date;
}

export function clockOf(deps: { now?: () => Date }): Date {
  return deps.now?.() ?? new Date();
}
