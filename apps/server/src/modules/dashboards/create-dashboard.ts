import type { CreateDashboardBody, Dashboard } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { authorizeKind } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import { kindSubject } from '../access/subject.ts';
import { insertDashboard } from './dashboards.repo.ts';
import { getDashboard } from './get-dashboard.ts';

/** POST /api/dashboards: an empty dashboard at version 1, private to its creator until shared. */
export async function createDashboard(
  deps: { db: StoreDb },
  input: { user: Actor; body: CreateDashboardBody },
): Promise<Dashboard> {
  authorizeKind(input.user, 'create', kindSubject('dashboard'), 'You may not create dashboards');
  const description =
    input.body.description === undefined || input.body.description === '' ? null : input.body.description;
  const id = await insertDashboard(deps.db, { name: input.body.name, description, ownerId: input.user.id });
  return getDashboard(deps, { user: input.user, dashboardId: id });
}
