import type { ApiKeyScope } from '@querent/contracts';

/** An API key as stored, without its secret (only a hash of it is kept). */
export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  /** Who it acts as: its maker, or an organisation key's service account. */
  userId: string;
  /** Set for an organisation key. */
  organizationId: string | null;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
