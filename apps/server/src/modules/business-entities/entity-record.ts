import type { CheckOrigin, TableName } from '@querent/contracts';

/** A business entity as the server handles it. */
export interface BusinessEntityRecord {
  id: string;
  databaseId: string;
  name: string;
  definition: string | null;
  tableRef: string | null;
  reviewDate: string | null;
  reviewConversationId: string | null;
  /** Whose the review conversation is and how far it is shared; null without one. */
  reviewConversation: {
    ownerId: string;
    organizationId: string | null;
    sharedWithOrganization: boolean;
  } | null;
  completeness: number | null;
  qualityScore: number | null;
  /** Who made it: the scan, the analyst or a person. */
  origin: CheckOrigin;
  /** The table it is about, as the schema names it; null when it names none. */
  table: TableName | null;
  /** The columns that identify one of it; empty when none is declared. */
  keyColumns: string[];
  createdAt: string;
  updatedAt: string;
}

export interface NewEntity {
  databaseId: string;
  name: string;
  definition: string | null;
  table: TableName | null;
  /** How the table is shown on the card. */
  tableRef: string | null;
  keyColumns: string[];
  origin: CheckOrigin;
}

export type EntityChanges = Partial<
  Pick<NewEntity, 'name' | 'definition' | 'table' | 'tableRef' | 'keyColumns'>
>;
