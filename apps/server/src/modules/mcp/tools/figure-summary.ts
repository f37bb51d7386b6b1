import type { FigureStanding, SemanticModelSource } from '@querent/contracts';

const unreviewed: Record<SemanticModelSource, string | null> = {
  saved: null,
  proposal: 'The semantic model is a proposal nobody has reviewed yet.',
  schema: 'The semantic model was proposed from the schema for this answer; nobody has reviewed it.',
};

/** Each figure as a person should hear it named: a certified metric (by whom, when), or not. */
export function nameFigures(standing: readonly FigureStanding[]): string[] {
  return standing.map((entry) => {
    if (entry.kind === 'measure')
      return `the measure ${entry.measure} (${entry.aggregation}), which no metric defines`;
    return entry.certified
      ? `the certified metric ${entry.name} (certified by ${entry.certified.by} on ${entry.certified.at.slice(0, 10)})`
      : `the metric ${entry.name}, not certified`;
  });
}

/**
 * What a metric query's figures stand on, in words to repeat to the person asking (query_metrics,
 * ask_analyst): each metric certified or not, and whether anyone reviewed the model.
 */
export function summarizeFigures(standing: readonly FigureStanding[], source: SemanticModelSource): string {
  const parts = nameFigures(standing);
  const on =
    parts.length > 0
      ? `These figures stand on ${parts.join(', ')}.`
      : 'These figures list dimension values only.';
  return [on, unreviewed[source]].filter((part) => part !== null).join(' ');
}
