import type { ChartConfig, DashboardFilter, MetricQuery, TileLayout } from '@querent/contracts';

/** A dashboard as stored, with what the policy and the page need of its owner. */
export interface DashboardRecord {
  id: string;
  name: string;
  description: string | null;
  ownerId: string;
  /** The owner's organisation now: where it is shared when its owner shares it. */
  ownerOrganizationId: string | null;
  ownerName: string | null;
  sharedWithOrganization: boolean;
  isPublic: boolean;
  version: number;
  /** The controls at the top of the page and the tiles each drives. */
  filters: DashboardFilter[];
  createdAt: string;
  updatedAt: string;
}

interface StoredTile {
  id: string;
  dashboardId: string;
  title: string | null;
  layout: TileLayout;
  createdAt: string;
}

/** A tile as stored, by kind. */
export type TileRecord = StoredTile &
  (
    | {
        kind: 'query';
        /** Null once the saved query was deleted. */
        queryId: string | null;
        chart: ChartConfig | null;
      }
    | {
        kind: 'metric';
        /** Null once the database was removed. */
        databaseId: string | null;
        metricQuery: MetricQuery;
        chart: ChartConfig | null;
      }
    | { kind: 'text'; text: string }
  );

/** What a new tile is made of; the use case has checked it against its kind. */
export type NewTile =
  | { kind: 'query'; queryId: string; title: string | null; chart: ChartConfig | null; layout: TileLayout }
  | {
      kind: 'metric';
      databaseId: string;
      metricQuery: MetricQuery;
      title: string | null;
      chart: ChartConfig | null;
      layout: TileLayout;
    }
  | { kind: 'text'; text: string; title: string | null; layout: TileLayout };
