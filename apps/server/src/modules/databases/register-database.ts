import type { Engine } from '@querent/contracts';
import type { Details } from '../../secrets/connection-secrets.ts';
import { sealDetails } from '../../secrets/connection-secrets.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { DatabaseRecord } from './database-record.ts';
import { insertDatabase } from './databases.repo.ts';

/**
 * Records a database Querent made itself (the demo shop, an uploaded file) rather than one a user
 * connected: its details are sealed like any other's, and it starts with no dbt files and the
 * default statement timeout.
 */
export function registerDatabase(
  deps: { db: StoreDb; secrets: SecretBox },
  input: {
    id: string;
    name: string;
    engine: Engine;
    details: Details;
    safeMode: boolean;
    isPublic: boolean;
    ownerId: string;
    organizationId: string | null;
    /** Uploads start private to their owner. */
    sharedWithOrganization: boolean;
  },
): Promise<DatabaseRecord> {
  return insertDatabase(deps.db, {
    ...input,
    details: sealDetails(input.details, deps.secrets),
    dbtManifest: null,
    dbtCatalog: null,
    dbtSummary: { manifest: null, catalog: null },
    statementTimeoutMs: null,
  });
}
