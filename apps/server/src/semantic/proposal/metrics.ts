import type { Metric } from '@querent/contracts';
import type { DatasetFields } from './dataset-fields.ts';
import { fitLabel, fitSynonyms } from './name-reading.ts';
import { NameScope, snakeName } from './semantic-names.ts';

/*
 * The first metrics of a proposal: how many rows each dataset has, and the sum of each money or
 * quantity measure (the average, for a price: a sum of unit prices means nothing). Proposed, so
 * uncertified and owned by nobody until a person takes them on.
 */

export function proposeMetrics(
  datasets: readonly { name: string; label: string; fields: DatasetFields }[],
): Metric[] {
  const scope = new NameScope();
  const metrics: Metric[] = [];
  const proposed = { description: null, owner: null, filters: [], certified: null, type: 'simple' as const };
  for (const dataset of datasets) {
    const count = dataset.fields.countMeasure;
    metrics.push({
      ...proposed,
      name: scope.claim(count.name),
      label: count.label,
      synonyms: count.synonyms,
      measure: `${dataset.name}.${count.name}`,
    });
    for (const candidate of dataset.fields.metricCandidates) {
      const { measure } = candidate;
      // "invoice_total" rather than "invoice_invoice_total".
      const prefixed = measure.name.startsWith(`${dataset.name}_`)
        ? [measure.name]
        : [dataset.name, measure.name];
      const measureLabel = measure.label ?? candidate.columnLabel;
      const label = fitLabel(
        measureLabel.toLowerCase().startsWith(dataset.label.toLowerCase())
          ? measureLabel
          : `${dataset.label} ${measureLabel.charAt(0).toLowerCase()}${measureLabel.slice(1)}`,
      );
      metrics.push({
        ...proposed,
        name: scope.claim(snakeName(prefixed, 'metric')),
        label,
        synonyms: fitSynonyms([measureLabel.toLowerCase(), ...measure.synonyms], label),
        measure: `${dataset.name}.${measure.name}`,
      });
    }
  }
  return metrics;
}
