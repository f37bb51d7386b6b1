import type {
  CheckDefinition,
  CheckOrigin,
  CheckState,
  IssueSeverity,
  QualityDimension,
  TableName,
} from '@querent/contracts';

/** A data-quality check as the quality module handles it. */
export interface QualityCheckRecord {
  id: string;
  databaseId: string;
  entityId: string;
  title: string;
  table: TableName;
  definition: CheckDefinition;
  dimension: QualityDimension;
  severity: IssueSeverity;
  warnPercent: number;
  failPercent: number;
  origin: CheckOrigin;
  state: CheckState;
  fingerprint: string;
  mutedReason: string | null;
  mutedBy: string | null;
  mutedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A check about to be saved: what it looks at and how it is judged. */
export type NewCheck = Pick<
  QualityCheckRecord,
  | 'databaseId'
  | 'entityId'
  | 'title'
  | 'table'
  | 'definition'
  | 'dimension'
  | 'severity'
  | 'warnPercent'
  | 'failPercent'
  | 'origin'
  | 'state'
>;
