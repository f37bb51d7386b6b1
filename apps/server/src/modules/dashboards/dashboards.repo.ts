import type { ChartConfig, DashboardFilter, TilePlacement } from '@querent/contracts';
import { chartConfigSchema, dashboardFilterSchema, metricQuerySchema } from '@querent/contracts';
import type { Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { StoreDb } from '../../store/connect.ts';
import type { DashboardTilesTable, StoreSchema } from '../../store/schema.ts';
import { newId, nowIso, parseNullableJson, readBool, toNullableJson } from '../../store/values.ts';
import type { Actor } from '../access/can.ts';
import { visibleTo } from '../access/visible-to.ts';
import { personName } from '../users/person-name.ts';
import type { DashboardRecord, NewTile, TileRecord } from './dashboard-record.ts';

/** The only SQL for `dashboards` and `dashboard_tiles`. */

type Writer = StoreDb | Transaction<StoreSchema>;

function selectDashboards(db: StoreDb) {
  return db
    .selectFrom('dashboards')
    .leftJoin('users', 'users.id', 'dashboards.owner_id')
    .select([
      'dashboards.id',
      'dashboards.name',
      'dashboards.description',
      'dashboards.owner_id',
      'users.organization_id as owner_organization_id',
      'users.first_name as owner_first_name',
      'users.last_name as owner_last_name',
      'users.email as owner_email',
      'dashboards.shared',
      'dashboards.public',
      'dashboards.version',
      'dashboards.filters',
      'dashboards.created_at',
      'dashboards.updated_at',
    ]);
}

type DashboardRow = Awaited<ReturnType<ReturnType<typeof selectDashboards>['executeTakeFirstOrThrow']>>;

const storedFilters = dashboardFilterSchema.array();

/** The stored filters; none when the column is empty (dashboards made before migration 0023). */
function readFilters(text: string | null): DashboardFilter[] {
  const stored = parseNullableJson(text);
  return stored === null ? [] : storedFilters.parse(stored);
}

function toDashboard(row: DashboardRow): DashboardRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ownerId: row.owner_id,
    ownerOrganizationId: row.owner_organization_id,
    ownerName: personName(row.owner_first_name, row.owner_last_name, row.owner_email),
    sharedWithOrganization: readBool(row.shared),
    isPublic: readBool(row.public),
    version: row.version,
    filters: readFilters(row.filters),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

// The owner's organisation is read from the user, so a dashboard follows its owner when they move.
const dashboardVisibility = {
  owner: 'dashboards.owner_id',
  organization: 'users.organization_id',
  shared: 'dashboards.shared',
  public: 'dashboards.public',
} as const;

export async function insertDashboard(
  db: StoreDb,
  input: { name: string; description: string | null; ownerId: string },
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('dashboards')
    .values({
      id,
      name: input.name,
      description: input.description,
      owner_id: input.ownerId,
      shared: false,
      public: false,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function findDashboardById(db: StoreDb, id: string): Promise<DashboardRecord | null> {
  const row = await selectDashboards(db).where('dashboards.id', '=', id).executeTakeFirst();
  return row ? toDashboard(row) : null;
}

/** Every dashboard the viewer may see (the policy's list condition), most recently changed first, with its tile count. */
export async function listDashboardsVisibleTo(
  db: StoreDb,
  viewer: Actor,
  limit: number,
): Promise<(DashboardRecord & { tileCount: number })[]> {
  const rows = await selectDashboards(db)
    .select((eb) =>
      eb
        .selectFrom('dashboard_tiles')
        .select((count) => count.fn.countAll<number | string>().as('n'))
        .whereRef('dashboard_tiles.dashboard_id', '=', 'dashboards.id')
        .as('tile_count'),
    )
    .where(visibleTo(viewer, 'dashboard', dashboardVisibility))
    .orderBy('dashboards.updated_at', 'desc')
    .orderBy('dashboards.id')
    .limit(limit)
    .execute();
  // PostgreSQL answers count(*) as a bigint, which its driver hands over as text.
  return rows.map((row) => ({ ...toDashboard(row), tileCount: Number(row.tile_count ?? 0) }));
}

/** Read back through the schemas, so defaults of later fields fill in. */
function readChart(text: string | null): ChartConfig | null {
  const value = parseNullableJson(text);
  return value === null ? null : chartConfigSchema.parse(value);
}

type TileRow = Selectable<DashboardTilesTable>;

function toTile(row: TileRow): TileRecord {
  const base = {
    id: row.id,
    dashboardId: row.dashboard_id,
    title: row.title,
    layout: { x: row.x, y: row.y, w: row.w, h: row.h },
    createdAt: row.created_at,
  };
  // The table's check constraints keep each kind's own columns filled.
  if (row.kind === 'text') return { ...base, kind: 'text', text: row.text ?? '' };
  if (row.kind === 'metric') {
    return {
      ...base,
      kind: 'metric',
      databaseId: row.database_id,
      metricQuery: metricQuerySchema.parse(parseNullableJson(row.metric_query)),
      chart: readChart(row.chart),
    };
  }
  return { ...base, kind: 'query', queryId: row.query_id, chart: readChart(row.chart) };
}

/** A dashboard's tiles in reading order: top to bottom, left to right, older first. */
export async function listTiles(db: StoreDb, dashboardId: string): Promise<TileRecord[]> {
  const rows = await db
    .selectFrom('dashboard_tiles')
    .selectAll()
    .where('dashboard_id', '=', dashboardId)
    .orderBy('y')
    .orderBy('x')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toTile);
}

/** One more change: the version goes up by one, whatever it was. */
async function bumpVersion(db: Writer, dashboardId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('dashboards')
    .set({ version: sql<number>`version + 1`, updated_at: now })
    .where('id', '=', dashboardId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Changes the dashboard and moves the tiles named, only if it is still at version `from`; answers
 * whether it was (false: someone changed it since, nothing was written).
 */
export async function updateDashboardAtVersion(
  db: StoreDb,
  input: {
    id: string;
    from: number;
    name?: string;
    description?: string | null;
    isPublic?: boolean;
    filters?: readonly DashboardFilter[];
    placements: readonly TilePlacement[];
  },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('dashboards')
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.isPublic === undefined ? {} : { public: input.isPublic }),
        ...(input.filters === undefined ? {} : { filters: toNullableJson(input.filters) }),
        version: input.from + 1,
        updated_at: nowIso(),
      })
      .where('id', '=', input.id)
      .where('version', '=', input.from)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    for (const placement of input.placements) {
      await trx
        .updateTable('dashboard_tiles')
        .set({ x: placement.x, y: placement.y, w: placement.w, h: placement.h })
        .where('id', '=', placement.tileId)
        .where('dashboard_id', '=', input.id)
        .execute();
    }
    return true;
  });
}

/** Adds a tile and counts the change; answers the tile's id, or null when the dashboard is gone. */
export async function insertTile(db: StoreDb, dashboardId: string, tile: NewTile): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (!(await bumpVersion(trx, dashboardId, now))) return null;
    const id = newId();
    await trx
      .insertInto('dashboard_tiles')
      .values({
        id,
        dashboard_id: dashboardId,
        kind: tile.kind,
        title: tile.title,
        query_id: tile.kind === 'query' ? tile.queryId : null,
        database_id: tile.kind === 'metric' ? tile.databaseId : null,
        metric_query: tile.kind === 'metric' ? toNullableJson(tile.metricQuery) : null,
        text: tile.kind === 'text' ? tile.text : null,
        chart: tile.kind === 'text' ? null : toNullableJson(tile.chart),
        ...tile.layout,
        created_at: now,
      })
      .execute();
    return id;
  });
}

/** Removes a tile of the dashboard and counts the change; false when there was no such tile. */
export async function deleteTile(db: StoreDb, dashboardId: string, tileId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('dashboard_tiles')
      .where('id', '=', tileId)
      .where('dashboard_id', '=', dashboardId)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) return false;
    await bumpVersion(trx, dashboardId, nowIso());
    return true;
  });
}

/** Deletes the dashboard; its tiles go with it (foreign key), the saved queries they show stay. */
export async function deleteDashboardById(db: StoreDb, id: string): Promise<boolean> {
  const result = await db.deleteFrom('dashboards').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Sharing with the organisation is no change of layout: the version stays. */
export async function setDashboardShared(db: StoreDb, id: string, shared: boolean): Promise<void> {
  await db.updateTable('dashboards').set({ shared, updated_at: nowIso() }).where('id', '=', id).execute();
}

/** Makes every dashboard of the owner private to their organisation again (it is gone); public ones stay public. */
export async function unshareDashboardsOfOwner(db: StoreDb, ownerId: string): Promise<void> {
  await db
    .updateTable('dashboards')
    .set({ shared: false })
    .where('owner_id', '=', ownerId)
    .where('shared', '=', true)
    .execute();
}
