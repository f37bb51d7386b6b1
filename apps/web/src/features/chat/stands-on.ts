import type { ChatMessage } from './chat-types.ts';

/** A metric an answer's figures came from, as query_metrics reported it. */
export interface StandsOnMetric {
  name: string;
  label: string | null;
  certified: { by: string; at: string } | null;
}

/**
 * What an answer's figures stand on: metrics of the semantic model (certified or not), a measure
 * of it with no metric, a query a person verified (its SQL reused as written), or SQL the analyst
 * wrote itself. Null when no query ran.
 */
/**
 * Which semantic model a metric query was answered from: the saved one, a proposal nobody has
 * reviewed yet, or one proposed from the schema because none was saved.
 */
export type ModelSource = 'saved' | 'proposal' | 'schema';

export type StandsOn =
  | { kind: 'metrics'; metrics: StandsOnMetric[]; modelSource: ModelSource }
  | { kind: 'measures'; modelSource: ModelSource }
  | { kind: 'verified'; id: string; title: string | null }
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

function verifiedOf(entry: unknown): StandsOn | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { kind, id, title } = entry as Record<string, unknown>;
  if (kind !== 'verified_query' || typeof id !== 'string') return null;
  return { kind: 'verified', id, title: typeof title === 'string' ? title : null };
}

/** Read from the last query the steps ran without an error: query_metrics' report, or run_sql. */
export function standsOn(steps: readonly ChatMessage[]): StandsOn | null {
  for (const step of [...steps].reverse()) {
    if (step.role !== 'function') continue;
    const name = step.functionCall?.name;
    if (name !== 'query_metrics' && name !== 'run_sql') continue;
    const output = parsed(step.content);
    if (output === null || 'error' in output) continue;
    const reported: unknown[] = Array.isArray(output.standsOn) ? output.standsOn : [];
    if (name === 'run_sql') return verifiedOf(reported[0]) ?? { kind: 'sql' };
    const metrics = reported.map(metricOf).filter((metric) => metric !== null);
    // An answer stored before the source was reported stood on the saved model.
    const modelSource: ModelSource =
      output.modelSource === 'proposal' || output.modelSource === 'schema' ? output.modelSource : 'saved';
    return metrics.length > 0 ? { kind: 'metrics', metrics, modelSource } : { kind: 'measures', modelSource };
  }
  return null;
}
