import type { StoreDb } from '../../store/connect.ts';

export interface SignInAttempt {
  state: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string | null;
  expiresAt: string;
}

export async function insertSignInAttempt(db: StoreDb, attempt: SignInAttempt, now: string): Promise<void> {
  await db
    .insertInto('sign_in_attempts')
    .values({
      state: attempt.state,
      code_verifier: attempt.codeVerifier,
      nonce: attempt.nonce,
      return_to: attempt.returnTo,
      created_at: now,
      expires_at: attempt.expiresAt,
    })
    .execute();
}

/**
 * Removes the attempt and answers what it held, in one statement: of two callbacks carrying the
 * same state (a replay, or a double submit reaching two instances), only one gets it.
 */
export async function takeSignInAttempt(db: StoreDb, state: string): Promise<SignInAttempt | null> {
  const row = await db
    .deleteFrom('sign_in_attempts')
    .where('state', '=', state)
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  return {
    state: row.state,
    codeVerifier: row.code_verifier,
    nonce: row.nonce,
    returnTo: row.return_to,
    expiresAt: row.expires_at,
  };
}

/** Attempts abandoned at the provider's page; removed as new ones start, so no job is needed. */
export async function deleteExpiredSignInAttempts(db: StoreDb, now: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('expires_at', '<=', now).execute();
}
