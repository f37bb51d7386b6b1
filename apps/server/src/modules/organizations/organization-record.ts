/** An organisation as stored; people belong to at most one. */
export interface OrganizationRecord {
  id: string;
  name: string;
  /** How the sign-in service's organisation claim names it; null for one an administrator made. */
  externalKey: string | null;
  createdAt: string;
}
