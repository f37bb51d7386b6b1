import type { Dashboard, DashboardSummary, DashboardTile } from '@querent/contracts';
import type { Actor } from '../access/can.ts';
import { objectAbilities } from '../access/can.ts';
import { dashboardSubject } from './dashboard-access.ts';
import type { DashboardRecord, TileRecord } from './dashboard-record.ts';

function presentBase(dashboard: DashboardRecord, viewer: Actor) {
  return {
    id: dashboard.id,
    name: dashboard.name,
    description: dashboard.description,
    ownerId: dashboard.ownerId,
    ownerName: dashboard.ownerName,
    shared: dashboard.sharedWithOrganization,
    public: dashboard.isPublic,
    version: dashboard.version,
    abilities: objectAbilities(viewer, dashboardSubject(dashboard)),
    createdAt: dashboard.createdAt,
    updatedAt: dashboard.updatedAt,
  };
}

export function presentDashboardSummary(
  dashboard: DashboardRecord & { tileCount: number },
  viewer: Actor,
): DashboardSummary {
  return { ...presentBase(dashboard, viewer), tileCount: dashboard.tileCount };
}

export function presentTile(tile: TileRecord): DashboardTile {
  const base = { id: tile.id, title: tile.title, layout: tile.layout };
  switch (tile.kind) {
    case 'text':
      return { ...base, kind: 'text', text: tile.text };
    case 'metric':
      return {
        ...base,
        kind: 'metric',
        databaseId: tile.databaseId,
        metricQuery: tile.metricQuery,
        chart: tile.chart,
      };
    case 'query':
      return { ...base, kind: 'query', savedQueryId: tile.queryId, chart: tile.chart };
  }
}

export function presentDashboard(dashboard: DashboardRecord, tiles: TileRecord[], viewer: Actor): Dashboard {
  return { ...presentBase(dashboard, viewer), tiles: tiles.map(presentTile), filters: dashboard.filters };
}
