import type { StoreDb } from '../../store/connect.ts';
import type { EntityIssues } from '../business-entities/entity-issues.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import type { SqlRunDeps } from '../sql-runs/sql-run-deps.ts';

/**
 * What the dashboards' use cases need: the store, the one SQL path for their tiles, the schema
 * cache a metric tile's model may be proposed from (as every reader of a model reads it), and the
 * issues module's open issues for the entities a tile reads.
 */
export interface DashboardDeps extends SqlRunDeps, SchemaDeps {
  db: StoreDb;
  /** The open issues of the entities a tile reads, shown on it. */
  entityIssues: EntityIssues;
}
