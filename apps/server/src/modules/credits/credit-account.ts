/**
 * A balance: a user's own (organizationId null), or an organisation's pool drawn on by one of its
 * members (userId is then the member whose use or grant an entry records).
 */
export interface CreditAccount {
  userId: string;
  organizationId: string | null;
}

/** The key of the row that serialises writes to one balance. */
export function accountKey(account: CreditAccount): string {
  return account.organizationId === null
    ? `user:${account.userId}`
    : `organization:${account.organizationId}`;
}

/** The first instant of the calendar month (UTC) that `now` falls in: member caps reset then. */
export function monthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}
