import type { QualityProgressEvent } from '@querent/contracts';
import { newId } from '../../store/values.ts';
import type { QualityEvents } from './quality-deps.ts';

export interface ProgressReporter {
  report: (phase: QualityProgressEvent['phase'], done: number, total: number, message: string) => void;
  /** Progress while checks run table by table, for assessEntities' onTable. */
  onTable: (done: number, total: number, table: string) => void;
}

/** One run's progress, sent to the user who started it; every event shares the run's id. */
export function progressReporter(
  events: QualityEvents,
  input: { userId: string; databaseId: string; conversationId: string | null },
): ProgressReporter {
  const runId = newId();
  const report: ProgressReporter['report'] = (phase, done, total, message) =>
    events.progress(input.userId, {
      databaseId: input.databaseId,
      conversationId: input.conversationId,
      runId,
      phase,
      done,
      total,
      message,
    });
  return {
    report,
    onTable: (done, total, table) =>
      report('checking', done, total, `Checked ${table} (${done} of ${total} tables)`),
  };
}
