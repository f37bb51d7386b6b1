import type { Dashboard, UpdateDashboardBody } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { authorizeKind } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import { checkFilterBindings } from './check-filter-bindings.ts';
import type { DashboardRecord } from './dashboard-record.ts';
import { dashboardSubject, requireDashboard } from './dashboard-access.ts';
import { listTiles, updateDashboardAtVersion } from './dashboards.repo.ts';
import { getDashboard } from './get-dashboard.ts';

function staleVersion(sent: number, current: number): AppError {
  return new AppError(
    'CONFLICT',
    `This dashboard changed since you opened it (you sent version ${sent}, it is at version ${current}): reload it and make your change again`,
    { field: 'version' },
  );
}

/** Every tile `layout` names must be one of the dashboard's, once; filters bind its tiles as they can. */
async function checkTileReferences(db: StoreDb, dashboard: DashboardRecord, body: UpdateDashboardBody) {
  if (body.layout === undefined && body.filters === undefined) return;
  const tiles = await listTiles(db, dashboard.id);
  if (body.filters !== undefined) checkFilterBindings(body.filters, tiles);
  if (body.layout === undefined) return;
  const tileIds = new Set(tiles.map((tile) => tile.id));
  const seen = new Set<string>();
  body.layout.forEach((placement, index) => {
    const field = `layout.${index}.tileId`;
    if (!tileIds.has(placement.tileId)) {
      throw new AppError('BAD_REQUEST', `This dashboard has no tile ${placement.tileId}`, { field });
    }
    if (seen.has(placement.tileId)) {
      throw new AppError('BAD_REQUEST', `Tile ${placement.tileId} is placed twice`, { field });
    }
    seen.add(placement.tileId);
  });
}

/**
 * PUT /api/dashboards/{id}: the owner renames, describes, arranges, filters or publishes it. The change is
 * made only on the version it was made from: someone else's change since is a 409, never
 * overwritten. Making it public (or private again) is the policy's `publish`.
 */
export async function updateDashboard(
  deps: { db: StoreDb },
  input: { user: Actor; dashboardId: string; body: UpdateDashboardBody },
): Promise<Dashboard> {
  const { body } = input;
  const dashboard = await requireDashboard(deps.db, input.user, input.dashboardId, 'edit');
  if (body.public !== undefined && body.public !== dashboard.isPublic) {
    authorizeKind(
      input.user,
      'publish',
      dashboardSubject(dashboard),
      'You may not make this dashboard public or private',
      'public',
    );
  }
  if (body.version !== dashboard.version) throw staleVersion(body.version, dashboard.version);
  await checkTileReferences(deps.db, dashboard, body);
  const description = body.description === '' ? null : body.description;
  const updated = await updateDashboardAtVersion(deps.db, {
    id: dashboard.id,
    from: body.version,
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(description === undefined ? {} : { description }),
    ...(body.public === undefined ? {} : { isPublic: body.public }),
    ...(body.filters === undefined ? {} : { filters: body.filters }),
    placements: body.layout ?? [],
  });
  if (!updated) {
    // Changed between the read and the write.
    const now = await requireDashboard(deps.db, input.user, dashboard.id, 'read');
    throw staleVersion(body.version, now.version);
  }
  return getDashboard(deps, { user: input.user, dashboardId: dashboard.id });
}
