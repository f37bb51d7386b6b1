import type { Dashboard, DashboardData, DashboardDataQuery, FilterValues } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { MinuteLimit } from '../../rate-limit/minute-limit.ts';
import type { Actor } from '../access/can.ts';
import { can } from '../access/can.ts';
import { findUser } from '../users/find-user.ts';
import { dashboardSubject } from './dashboard-access.ts';
import type { DashboardDeps } from './dashboard-deps.ts';
import type { DashboardRecord } from './dashboard-record.ts';
import { hashDashboardLinkToken } from './dashboard-link-token.ts';
import { findDashboardLinkByHash } from './dashboard-links.repo.ts';
import { findDashboardById, listTiles } from './dashboards.repo.ts';
import { runDashboardTiles } from './get-dashboard-data.ts';
import { filterValuesOf } from './list-filter-values.ts';
import { presentDashboard } from './present-dashboard.ts';

/*
 * What a public link shows, to anyone who has it and without signing in: only its dashboard,
 * read-only, each tile run as the link's creator acting through the link (delegated: the policy
 * lets them see and run, read-only, nothing more), so a stranger sees what the creator chose to
 * show and nothing of theirs besides. An unknown, expired or revoked link, or one whose creator
 * may no longer see the dashboard, is gone: 404, saying no more.
 */

/**
 * Requests to public links per minute from one address: opening a page takes two or three, so
 * a viewer changing filters never meets it, while guessing tokens or hammering a database does.
 * Counted before the token is looked up, so unknown tokens count too.
 */
export const publicDashboardViewsPerMinute = 120;

export interface PublicDashboardDeps extends DashboardDeps {
  /** Opens of public links per minute, per address. */
  publicLinkLimit: MinuteLimit;
  now?: () => Date;
}

/** Who opens a public page: nobody, as the policy sees it (no abilities on the dashboard). */
const stranger: Actor = { id: '', role: 'anonymous', organizationId: null };

function gone(): AppError {
  return new AppError('NOT_FOUND', 'This link does not exist, has expired or was revoked');
}

async function takeLimit(deps: PublicDashboardDeps, ip: string): Promise<void> {
  const taken = await deps.publicLinkLimit.take(`public-dashboard:${ip}`);
  if (!taken.allowed)
    throw new AppError(
      'RATE_LIMITED',
      `Too many views of public dashboards from your address. Try again in ${taken.retryAfterSeconds} seconds.`,
    );
}

/** The link's dashboard and its creator, acting through the link; 404 when the link is gone. */
async function openLink(
  deps: PublicDashboardDeps,
  token: string,
  ip: string,
): Promise<{ dashboard: DashboardRecord; creator: Actor }> {
  await takeLimit(deps, ip);
  const link = await findDashboardLinkByHash(deps.db, hashDashboardLinkToken(token));
  if (link === null) throw gone();
  const now = (deps.now?.() ?? new Date()).toISOString();
  if (link.expiresAt !== null && link.expiresAt <= now) throw gone();
  const dashboard = await findDashboardById(deps.db, link.dashboardId);
  const user = await findUser(deps.db, link.createdBy);
  if (dashboard === null || user === null || user.deactivatedAt !== null) throw gone();
  const creator: Actor = {
    id: user.id,
    role: user.role,
    organizationId: user.organizationId,
    delegated: true,
  };
  if (!can(creator, 'read', dashboardSubject(dashboard))) throw gone();
  return { dashboard, creator };
}

/** GET /api/public/dashboards/{token}: the dashboard, with no abilities. */
export async function getPublicDashboard(
  deps: PublicDashboardDeps,
  input: { token: string; ip: string },
): Promise<Dashboard> {
  const { dashboard } = await openLink(deps, input.token, input.ip);
  return presentDashboard(dashboard, await listTiles(deps.db, dashboard.id), stranger);
}

/** GET /api/public/dashboards/{token}/data: the tiles run as the link's creator, read-only. */
export async function getPublicDashboardData(
  deps: PublicDashboardDeps,
  input: {
    token: string;
    ip: string;
    query?: DashboardDataQuery | undefined;
    signal?: AbortSignal | undefined;
  },
): Promise<DashboardData> {
  const { dashboard, creator } = await openLink(deps, input.token, input.ip);
  // A link shows the data it was made to show, not what the organisation knows of its quality.
  return runDashboardTiles(deps, {
    dashboard,
    viewer: creator,
    query: input.query,
    signal: input.signal,
    withEntities: false,
  });
}

/** GET /api/public/dashboards/{token}/filters/{name}/values */
export async function getPublicFilterValues(
  deps: PublicDashboardDeps,
  input: { token: string; ip: string; name: string; signal?: AbortSignal | undefined },
): Promise<FilterValues> {
  const { dashboard, creator } = await openLink(deps, input.token, input.ip);
  return filterValuesOf(deps, { dashboard, viewer: creator, name: input.name, signal: input.signal });
}
