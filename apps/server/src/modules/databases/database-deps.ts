import type { StoreConfig } from '../../config/settings/server.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { DatabaseConnections } from './database-connections.ts';
import type { DbtManifestFollowUp } from './dbt-manifest-follow-up.ts';
import type { SchemaCache } from './schema-cache.ts';

/** What the database use cases need; built once by the app. */
export interface DatabaseDeps {
  db: StoreDb;
  secrets: SecretBox;
  /** Where Querent keeps its own data, which may never be connected as a data source. */
  store: StoreConfig;
  /** Querent's data directory: upload databases keep their DuckDB files under it. */
  dataDir: string;
  /** Hosted mode: connections to files on Querent's host are for those the policy allows. */
  hostFilesGuarded: boolean;
  connections: DatabaseConnections;
  schemaCache: SchemaCache;
  /** Hosted mode: databases others use need an administrator's yes to a login that can do more than read. */
  hosted: boolean;
  /** What happens with a newly uploaded dbt manifest beyond keeping it (its semantic layer is proposed). */
  dbtManifestFollowUps?: readonly DbtManifestFollowUp[];
}
