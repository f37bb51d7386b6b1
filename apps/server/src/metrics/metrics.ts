import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ModelUsage } from '../agent/agent-port.ts';
import type { TurnOutcome } from '../modules/conversations/chat-deps.ts';
import type { SqlRunObserver } from '../modules/sql-runs/sql-run-observer.ts';
import { registerLiveHeap } from './live-heap.ts';

export interface Metrics {
  registry: Registry;
  /** One HTTP request answered; `route` is the matched template (/api/query/:id), never the raw URL. */
  requestAnswered(method: string, route: string, status: number, seconds: number): void;
  /** One answer carrying `{ "error": { "code" } }`, by that code. */
  errorAnswered(code: string): void;
  /** Hears every SQL run on a user's database, on every path. */
  sqlRuns: SqlRunObserver;
  /** Named as the chat's hooks, so the metrics are handed to the chat as they are. */
  onTurnEnd: (outcome: TurnOutcome) => void;
  onModelUsage: (usage: ModelUsage) => void;
  /** Where the gauge of open sockets reads its value at each scrape. */
  countSocketsWith(count: () => number): void;
}

// SQL runs from a few milliseconds (a lookup) to minutes (an export, a slow warehouse).
const sqlBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/**
 * One registry per app, not prom-client's global one, so several apps in one process (tests, two
 * instances in a benchmark) each count their own.
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerLiveHeap(registry);
  const http = new Histogram({
    name: 'querent_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status code, and how long each took to answer.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'querent_errors_total',
    help: 'Error answers by their error code (BAD_REQUEST, NOT_FOUND, INTERNAL, ...).',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  const sql = new Histogram({
    name: 'querent_sql_run_duration_seconds',
    help: "SQL runs on users' databases by engine and outcome (succeeded, failed, cancelled, refused), and their duration.",
    labelNames: ['engine', 'outcome'] as const,
    buckets: sqlBuckets,
    registers: [registry],
  });
  const turns = new Counter({
    name: 'querent_turns_total',
    help: 'Conversation turns by how they ended: answered, stopped or failed.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const tokens = new Counter({
    name: 'querent_model_tokens_total',
    help: 'Tokens the model read (input) and wrote (output), by model, as the provider reported them.',
    labelNames: ['model', 'direction'] as const,
    registers: [registry],
  });
  let socketCount: () => number = () => 0;
  new Gauge({
    name: 'querent_sockets_active',
    help: 'Socket.IO connections open on this instance.',
    registers: [registry],
    collect() {
      this.set(socketCount());
    },
  });

  return {
    registry,
    requestAnswered(method, route, status, seconds) {
      http.observe({ method, route, status_code: String(status) }, seconds);
    },
    errorAnswered(code) {
      errors.inc({ code });
    },
    sqlRuns: {
      afterRun(run) {
        sql.observe({ engine: run.engine, outcome: run.outcome }, run.durationMs / 1000);
      },
    },
    onTurnEnd(outcome) {
      turns.inc({ outcome });
    },
    onModelUsage(usage) {
      tokens.inc({ model: usage.modelId, direction: 'input' }, usage.inputTokens);
      tokens.inc({ model: usage.modelId, direction: 'output' }, usage.outputTokens);
    },
    countSocketsWith(count) {
      socketCount = count;
    },
  };
}
