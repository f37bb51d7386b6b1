import type { ChatMessage } from './chat-types.ts';

/** A metric an answer's figures came from, as query_metrics reported it. */
export interface StandsOnMetric {
  name: string;
  label: string | null;
  certified: { by: string; at: string } | null;
}

/**
 * What an answer's figures stand on: metrics of the semantic model (certified or not), a measure
 * of it with no metric, or SQL the analyst wrote itself. Null when no query ran.
 */
export type StandsOn =
  | { kind: 'metrics'; metrics: StandsOnMetric[] }
  | { kind: 'measures' }
  | { kind: 'sql' };

function parsed(content: string | null): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(content ?? '');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function metricOf(entry: unknown): StandsOnMetric | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { name, label, kind, certified } = entry as Record<string, unknown>;
  if (kind !== 'metric' || typeof name !== 'string') return null;
  const stamp = certified as { by?: unknown; at?: unknown } | null | undefined;
  return {
    name,
    label: typeof label === 'string' ? label : null,
    certified:
      stamp && typeof stamp.by === 'string' && typeof stamp.at === 'string'
        ? { by: stamp.by, at: stamp.at }
        : null,
  };
}

/** Read from the last query the steps ran without an error: query_metrics' report, or run_sql. */
export function standsOn(steps: readonly ChatMessage[]): StandsOn | null {
  for (const step of [...steps].reverse()) {
    if (step.role !== 'function') continue;
    const name = step.functionCall?.name;
    if (name !== 'query_metrics' && name !== 'run_sql') continue;
    const output = parsed(step.content);
    if (output === null || 'error' in output) continue;
    if (name === 'run_sql') return { kind: 'sql' };
    const reported = Array.isArray(output.standsOn) ? output.standsOn : [];
    const metrics = reported.map(metricOf).filter((metric) => metric !== null);
    return metrics.length > 0 ? { kind: 'metrics', metrics } : { kind: 'measures' };
  }
  return null;
}
