import type { QualityProgressEvent } from '@querent/contracts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import type { SqlRunDeps } from '../sql-runs/sql-run-deps.ts';
import type { ScanFollowUp } from './scan/scan-follow-up.ts';

/** Tells a user how a data-quality run is getting on; the realtime layer sends it to their tabs. */
export interface QualityEvents {
  progress(userId: string, event: QualityProgressEvent): void;
}

/** What the quality use cases need; built once by the app. */
export interface QualityDeps extends SqlRunDeps, SchemaDeps {
  events: QualityEvents;
  /** QUALITY_SCHEDULE_MINUTES: how often a database without its own schedule has its checks run; 0 off. */
  scheduleDefaultMinutes: number;
  /** Told of each finished scan (the semantic model's proposal); none in tests that need none. */
  scanFollowUps?: readonly ScanFollowUp[];
}
