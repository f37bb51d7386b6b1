import type { ResultColumn } from '@querent/contracts';

/** A query as stored, without its rows (which can be large; see readQueryRows). */
export interface QueryRecord {
  id: string;
  title: string | null;
  sql: string;
  databaseId: string;
  ownerId: string;
  /** The owner's organization, where it is shared when its owner shares it. */
  ownerOrganizationId: string | null;
  /** Shared by its owner with their organization; private until then. */
  sharedWithOrganization: boolean;
  conversationId: string | null;
  isSaved: boolean;
  /** Whether the last run's rows are stored. */
  hasRows: boolean;
  columns: ResultColumn[] | null;
  count: number | null;
  truncated: boolean;
  durationMs: number | null;
  error: string | null;
  ranAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The question a saved query answers, when its owner said. */
  question: string | null;
  /** Checked by its owner; the analyst learns from verified queries. */
  verified: boolean;
}
