/**
 * What a person's decision on a check's issue does to the check. Checks belong to data quality,
 * which implements this; the app hands it in, so the dependency runs one way only.
 */
export interface IssueChecks {
  /** The check's issue was dismissed: its finding is expected, so the check is muted with the reason. */
  dismissed(input: { checkId: string; databaseId: string; reason: string; userId: string }): Promise<void>;
  /** The check's dismissed issue was taken up again: the check is unmuted. */
  takenBack(input: { checkId: string; databaseId: string }): Promise<void>;
}
