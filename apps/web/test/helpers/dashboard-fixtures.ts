import type { Dashboard, DashboardSummary, DashboardTile, TileData } from '@querent/contracts';
import { abilitiesFor } from './fixtures.ts';

const ownersAbilities = abilitiesFor('edit', 'delete', 'share', 'publish');

export function makeDashboardSummary(overrides: Partial<DashboardSummary> = {}): DashboardSummary {
  return {
    id: 'db1',
    name: 'Morning numbers',
    description: null,
    ownerId: 'local',
    ownerName: 'Local Admin',
    shared: false,
    public: false,
    version: 1,
    tileCount: 0,
    abilities: ownersAbilities,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  const { tileCount: _tileCount, ...summary } = makeDashboardSummary();
  return { ...summary, tiles: [], filters: [], ...overrides };
}

export function makeQueryTile(
  overrides: Partial<Extract<DashboardTile, { kind: 'query' }>> = {},
): DashboardTile {
  return {
    id: 't1',
    kind: 'query',
    title: 'Customers by country',
    savedQueryId: 'q1',
    chart: null,
    layout: { x: 0, y: 0, w: 6, h: 4 },
    ...overrides,
  };
}

export function makeTextTile(
  overrides: Partial<Extract<DashboardTile, { kind: 'text' }>> = {},
): DashboardTile {
  return {
    id: 't2',
    kind: 'text',
    title: null,
    text: '## Read me',
    layout: { x: 6, y: 0, w: 6, h: 2 },
    ...overrides,
  };
}

export function makeTileData(overrides: Partial<TileData> = {}): TileData {
  return {
    tileId: 't1',
    columns: [
      { name: 'country', type: 'text' },
      { name: 'customers', type: 'integer' },
    ],
    rows: [
      ['FR', 12],
      ['US', 30],
    ],
    count: 2,
    truncated: false,
    computedAt: '2026-03-01T10:00:00.000Z',
    error: null,
    entities: [],
    ...overrides,
  };
}
