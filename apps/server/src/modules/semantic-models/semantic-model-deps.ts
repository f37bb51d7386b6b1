import type { StoreDb } from '../../store/connect.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import type { SqlRunDeps } from '../sql-runs/sql-run-deps.ts';

/** What the semantic model's use cases need: the store, schemas (proposals) and the SQL path. */
export interface SemanticModelDeps extends SqlRunDeps, SchemaDeps {
  db: StoreDb;
}
