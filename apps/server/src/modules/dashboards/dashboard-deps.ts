import type { StoreDb } from '../../store/connect.ts';
import type { SqlRunDeps } from '../sql-runs/sql-run-deps.ts';

/** What the dashboards' use cases need: the store, and the one SQL path for their tiles. */
export interface DashboardDeps extends SqlRunDeps {
  db: StoreDb;
}
