import type { SemanticModel } from '@querent/contracts';
import { sameDefinition } from './model-definitions.ts';

/**
 * A saved model cannot forge a certification, nor lose one by accident: each metric's
 * `certified` is the stored metric's while its definition is unchanged, and none when it is new
 * or its definition changed (a certified number that now means something else is no longer
 * vouched for, as Metabase drops "verified" on edit). Certifying and withdrawing have routes of
 * their own.
 */
export function keepCertifications(stored: SemanticModel | null, incoming: SemanticModel): SemanticModel {
  const before = new Map((stored?.metrics ?? []).map((metric) => [metric.name, metric]));
  return {
    ...incoming,
    metrics: incoming.metrics.map((metric) => {
      const previous = before.get(metric.name);
      const certified =
        previous !== undefined && sameDefinition(previous, metric) ? previous.certified : null;
      return { ...metric, certified };
    }),
  };
}
