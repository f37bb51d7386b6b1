import type { ChartConfig } from '@querent/contracts';

/** A chart as stored: a config drawn over its query's result. */
export interface ChartRecord {
  id: string;
  queryId: string;
  title: string;
  config: ChartConfig;
  ownerId: string;
  /** The owner's organization, whose members may read the chart. */
  ownerOrganizationId: string | null;
  createdAt: string;
  updatedAt: string;
}
