import type { FastifyBaseLogger } from 'fastify';
import type { HostedAuthConfig } from '../../config/settings/auth.ts';
import { createMinuteLimit } from '../../rate-limit/minute-limit.ts';
import type { WindowCounters } from '../../rate-limit/window-counter.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { AnonymousVisitors } from './anonymous-visitors.ts';
import { createAnonymousVisitors } from './anonymous-visitors.ts';
import type { LimitAsks } from './ask-limit.ts';
import { limitAnonymousAsks, unlimitedAsks } from './ask-limit.ts';
import { startVisitorCleanup } from './visitor-cleanup.ts';

/** The anonymous sandbox as the app wires it; everything idle when it is off. */
export interface AnonymousSandbox {
  /** Null when there are no anonymous visitors (local mode, or ANONYMOUS_ACCESS off). */
  visitors: AnonymousVisitors | null;
  limitAsks: LimitAsks;
  /** Starts the periodic removal of visitors past their retention; stop it on close. */
  startCleanup(log: FastifyBaseLogger): { stop(): Promise<void> };
}

const idle = { stop: () => Promise.resolve() };

export function createAnonymousSandbox(deps: {
  db: StoreDb;
  hosted: HostedAuthConfig | null;
  /** Where the sandbox's limits count (Redis across instances, or this instance's memory). */
  counters: WindowCounters;
  now?: (() => Date) | undefined;
}): AnonymousSandbox {
  const anonymous = deps.hosted?.anonymous ?? null;
  if (deps.hosted === null || anonymous === null) {
    return { visitors: null, limitAsks: unlimitedAsks, startCleanup: () => idle };
  }
  const now = deps.now;
  return {
    visitors: createAnonymousVisitors({
      db: deps.db,
      publicUrl: deps.hosted.publicUrl,
      anonymous,
      policy: deps.hosted.sessions,
      newVisitorsPerAddress: createMinuteLimit(deps.counters, 'new-visitors', deps.hosted.signInRateLimit),
      now,
    }),
    limitAsks: limitAnonymousAsks(
      createMinuteLimit(deps.counters, 'visitor-asks', anonymous.asksPerMinute),
      anonymous.asksPerMinute,
    ),
    startCleanup: (log) => startVisitorCleanup({ db: deps.db, retentionMs: anonymous.retentionMs, now, log }),
  };
}
