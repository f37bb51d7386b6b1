import type { Readiness, ReadinessCheckName } from '@querent/contracts';
import { AppError } from '../../errors.ts';

/** Long enough for a busy store, short enough that a load balancer's probe does not time out first. */
export const READINESS_TIMEOUT_MS = 2000;

export type ReadinessProbe = () => Promise<void>;

/**
 * The dependencies a request needs, each asked in turn by readiness. Redis is added once the
 * realtime layer has connected it, which is after the routes are registered.
 */
export interface ReadinessChecks {
  set(name: ReadinessCheckName, probe: ReadinessProbe): void;
  check(): Promise<Readiness>;
}

function withinTimeout(probe: ReadinessProbe, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([probe(), timeout]).finally(() => clearTimeout(timer));
}

export function createReadinessChecks(timeoutMs = READINESS_TIMEOUT_MS): ReadinessChecks {
  const probes = new Map<ReadinessCheckName, ReadinessProbe>();
  return {
    set(name, probe) {
      probes.set(name, probe);
    },
    async check() {
      const entries = [...probes];
      const names = entries.map(([name]) => name);
      const outcomes = await Promise.allSettled(entries.map(([, probe]) => withinTimeout(probe, timeoutMs)));
      const failures = outcomes.flatMap((outcome, index) =>
        outcome.status === 'rejected'
          ? [
              `${names[index]}: ${outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason)}`,
            ]
          : [],
      );
      if (failures.length > 0) throw new AppError('SERVICE_UNAVAILABLE', `Not ready: ${failures.join('; ')}`);
      return { ok: true, checks: { store: 'ok', redis: probes.has('redis') ? 'ok' : 'not configured' } };
    },
  };
}
