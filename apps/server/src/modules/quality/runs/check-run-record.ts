import type { CheckRunStatus, FailingRowsSample } from '@querent/contracts';
import type { JsonValue } from '../../../connectors/index.ts';

/** What started a run: a scan, an analysis, a schedule, a person on demand, or the analyst. */
export type RunTrigger = 'scan' | 'analysis' | 'schedule' | 'manual' | 'agent';

/** One stored run of one check. */
export interface CheckRunRecord {
  id: string;
  checkId: string;
  databaseId: string;
  batchId: string;
  status: CheckRunStatus;
  failingCount: number | null;
  totalCount: number | null;
  failingPercent: number | null;
  observed: string;
  observedValue: JsonValue;
  message: string | null;
  sql: string | null;
  sample: FailingRowsSample | null;
  trigger: RunTrigger;
  ranAt: string;
  durationMs: number | null;
}

export type NewCheckRun = Omit<CheckRunRecord, 'id'>;
