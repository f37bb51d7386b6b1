import type { ChartConfig } from '@querent/contracts';

/** A chart as stored: a config drawn over its query's result. */
export interface ChartRecord {
  id: string;
  queryId: string;
  title: string;
  config: ChartConfig;
  ownerId: string;
  /** The owner's organization, where it is shared when its owner shares it. */
  ownerOrganizationId: string | null;
  /** Shared by its owner with their organization; private until then. */
  sharedWithOrganization: boolean;
  createdAt: string;
  updatedAt: string;
}
