import type { CredentialWarning, Engine } from '@querent/contracts';
import type { Details } from '../../secrets/connection-secrets.ts';
import type { DbtSummaries } from './dbt-artifacts.ts';

/** A saved database; `details` hold secrets encrypted, as stored. dbt files are read separately. */
export interface DatabaseRecord {
  id: string;
  name: string;
  engine: Engine;
  details: Details;
  safeMode: boolean;
  isPublic: boolean;
  dbtSummary: DbtSummaries;
  statementTimeoutMs: number | null;
  ownerId: string;
  organizationId: string | null;
  /** Shared with the owner's organisation: databases are, uploads only once their owner shares them. */
  sharedWithOrganization: boolean;
  /**
   * What the login may do beyond reading, as last measured (created, saved with another login or
   * safe mode, tested as stored); null when nothing, when the engine cannot say, or never measured.
   */
  credentialWarning: CredentialWarning | null;
  createdAt: string;
  updatedAt: string;
}

/** Who is asking, as far as visibility goes. */
export type { Actor as Viewer } from '../access/can.ts';
