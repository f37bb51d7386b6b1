import type { FigureStanding, SemanticModel } from '@querent/contracts';
import type { AdHocMeasure } from './ad-hoc-fields.ts';
import { modelNames } from './model-names.ts';

/*
 * What each figure of a metric query stands on, said once for every way a number is asked for
 * (the API, MCP, the analyst): a metric of the model, with its certification (who vouched for it,
 * and when) or none; or a measure the query aggregated its own way, which no metric defines.
 */

/**
 * The standing of each name of a compiled query's `metrics`, in order, read from the model as
 * saved or proposed (not the copy the query extended): `adHoc` are the measures the query added
 * for itself under those names. Throws, as the compiler does, on a name the model does not have.
 */
export function standsOn(
  model: SemanticModel,
  names: readonly string[],
  adHoc: readonly AdHocMeasure[] = [],
): FigureStanding[] {
  const known = modelNames(model);
  return names.map((name, index) => {
    const added = adHoc.find((entry) => entry.name === name);
    if (added === undefined) {
      const metric = known.metric(name, `metrics[${index}]`);
      return { kind: 'metric', name, label: metric.label, certified: metric.certified };
    }
    const { measure, key } = known.measure(added.measure, `metrics[${index}]`);
    return { kind: 'measure', name, label: measure.label, measure: key, aggregation: added.aggregation };
  });
}
