import type { SemanticModel } from '@querent/contracts';
import { canonicalJson, sameDefinition } from './model-definitions.ts';

/** Changes a summary names one by one; beyond, it counts them. */
const NAMED = 12;

interface Named {
  name: string;
}

function compare<T extends Named>(
  kind: string,
  before: readonly T[],
  after: readonly T[],
  same: (a: T, b: T) => boolean,
): string[] {
  const old = new Map(before.map((item) => [item.name, item]));
  const now = new Set(after.map((item) => item.name));
  const changes: string[] = [];
  for (const item of after) {
    const previous = old.get(item.name);
    if (previous === undefined) changes.push(`added ${kind} ${item.name}`);
    else if (!same(previous, item)) changes.push(`changed ${kind} ${item.name}`);
  }
  for (const item of before) if (!now.has(item.name)) changes.push(`removed ${kind} ${item.name}`);
  return changes;
}

const sameJson = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/**
 * What changed between two versions of a model, in words for the history: "added metric revenue;
 * certified metric order_count". Certification is told apart from a change of definition, and a
 * certification lost to an edit is said.
 */
export function describeModelChanges(before: SemanticModel | null, after: SemanticModel): string {
  const previous = before ?? { datasets: [], relationships: [], metrics: [] };
  const changes = [
    ...compare('dataset', previous.datasets, after.datasets, sameJson),
    ...compare('relationship', previous.relationships, after.relationships, sameJson),
    ...compare('metric', previous.metrics, after.metrics, sameDefinition),
  ];
  const old = new Map(previous.metrics.map((metric) => [metric.name, metric]));
  for (const metric of after.metrics) {
    const was = old.get(metric.name);
    if (was === undefined) continue;
    if (was.certified === null && metric.certified !== null) changes.push(`certified metric ${metric.name}`);
    if (was.certified !== null && metric.certified !== null && !sameJson(was.certified, metric.certified)) {
      changes.push(`certified metric ${metric.name} again`);
    }
    if (was.certified !== null && metric.certified === null) {
      changes.push(
        sameDefinition(was, metric)
          ? `withdrew the certification of metric ${metric.name}`
          : `certification of metric ${metric.name} dropped by the change`,
      );
    }
  }
  if (changes.length === 0) return before === null ? 'saved an empty model' : 'no change';
  const named = changes.slice(0, NAMED).join('; ');
  return changes.length > NAMED ? `${named}; and ${changes.length - NAMED} more changes` : named;
}
