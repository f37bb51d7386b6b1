import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { Action } from '../access/access-words.ts';
import { authorize, forbidden } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import type { Subject } from '../access/subject.ts';
import type { DashboardRecord } from './dashboard-record.ts';
import { findDashboardById } from './dashboards.repo.ts';

export function dashboardNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Dashboard not found');
}

/**
 * A dashboard as the policy sees it: private until its owner shares it with their organisation
 * or makes it public. It follows no database: each tile's data asks about its own.
 */
export function dashboardSubject(
  dashboard: Pick<DashboardRecord, 'ownerId' | 'ownerOrganizationId' | 'sharedWithOrganization' | 'isPublic'>,
): Subject {
  return {
    kind: 'dashboard',
    ownerId: dashboard.ownerId,
    organizationId: dashboard.ownerOrganizationId,
    sharedWithOrganization: dashboard.sharedWithOrganization,
    isPublic: dashboard.isPublic,
  };
}

/**
 * Loads a dashboard the actor may act on as asked. One they may not see is "not found", so ids
 * of others' dashboards reveal nothing; one they see but may not change is "forbidden".
 */
export async function requireDashboard(
  db: StoreDb,
  actor: Actor,
  id: string,
  needed: Action,
): Promise<DashboardRecord> {
  const dashboard = await findDashboardById(db, id);
  if (!dashboard) throw dashboardNotFound();
  authorize(actor, needed, dashboardSubject(dashboard), {
    notFound: dashboardNotFound,
    forbidden: (action) => forbidden(action, 'this dashboard'),
  });
  return dashboard;
}
