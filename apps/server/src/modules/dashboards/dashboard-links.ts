import type { CreateDashboardLinkBody, CreatedDashboardLink, DashboardLink } from '@querent/contracts';
import { publicDashboardPath } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { Actor } from '../access/can.ts';
import { requireDashboard } from './dashboard-access.ts';
import { hashDashboardLinkToken, newDashboardLinkToken } from './dashboard-link-token.ts';
import { deleteDashboardLink, insertDashboardLink, listDashboardLinks } from './dashboard-links.repo.ts';

/*
 * Public links of a dashboard, its owner's to make, list and revoke (the policy's `publish`, as
 * making it public is): a link shows the dashboard to anyone who has it, whatever its sharing.
 */

/**
 * POST /api/dashboards/{id}/links: a new random token, kept only as its hash; the address is
 * answered this once. `origin` is this server's, as the caller reached it.
 */
export async function createDashboardLink(
  deps: { db: StoreDb; now?: () => Date },
  input: { user: Actor; dashboardId: string; body: CreateDashboardLinkBody; origin: string },
): Promise<CreatedDashboardLink> {
  const dashboard = await requireDashboard(deps.db, input.user, input.dashboardId, 'publish');
  const now = deps.now?.() ?? new Date();
  const expiresAt = input.body.expiresAt === undefined ? null : new Date(input.body.expiresAt).toISOString();
  if (expiresAt !== null && expiresAt <= now.toISOString())
    throw new AppError('BAD_REQUEST', 'A link must expire in the future', { field: 'expiresAt' });
  const token = newDashboardLinkToken();
  const link = await insertDashboardLink(deps.db, {
    dashboardId: dashboard.id,
    tokenHash: hashDashboardLinkToken(token),
    createdBy: input.user.id,
    expiresAt,
  });
  return { id: link.id, url: `${input.origin}${publicDashboardPath(token)}`, expiresAt };
}

/** GET /api/dashboards/{id}/links: without their addresses, which were shown once. */
export async function listLinks(
  deps: { db: StoreDb },
  input: { user: Actor; dashboardId: string },
): Promise<DashboardLink[]> {
  const dashboard = await requireDashboard(deps.db, input.user, input.dashboardId, 'publish');
  const links = await listDashboardLinks(deps.db, dashboard.id);
  return links.map(({ id, createdAt, expiresAt, createdBy }) => ({ id, createdAt, expiresAt, createdBy }));
}

/** DELETE /api/dashboards/{id}/links/{link}: the address is gone at once, on every instance. */
export async function revokeDashboardLink(
  deps: { db: StoreDb },
  input: { user: Actor; dashboardId: string; linkId: string },
): Promise<void> {
  const dashboard = await requireDashboard(deps.db, input.user, input.dashboardId, 'publish');
  if (!(await deleteDashboardLink(deps.db, dashboard.id, input.linkId)))
    throw new AppError('NOT_FOUND', 'This dashboard has no such link');
}
