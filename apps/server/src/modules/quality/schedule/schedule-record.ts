/** How often a database has its checks run, and who is running them now. */
export interface ScheduleRecord {
  databaseId: string;
  /** Minutes between runs; 0 off; null the server's default. */
  everyMinutes: number | null;
  lastRunAt: string | null;
  lastOutcome: string | null;
  leaseExpiresAt: string | null;
  leaseOwner: string | null;
  createdAt: string;
}
