import { type ColumnInfo, type Dimension, type Measure, timeGrains } from '@querent/contracts';
import { plural } from '../../text/words.ts';
import type { ColumnUse } from './column-use.ts';
import type { NameReading } from './name-reading.ts';
import { fitLabel, fitSynonyms, labelOf, synonymsOf } from './name-reading.ts';
import { NameScope, snakeName } from './semantic-names.ts';

/*
 * The dimensions and measures of one dataset, in its columns' order, named after the columns as
 * written ("unit_price") and labelled in words ("Unit price"). Every dataset counts its rows; a
 * measure sums a number that adds up and averages one that reads as a price, rate or duration.
 */

export interface UsedColumn {
  column: ColumnInfo;
  use: ColumnUse;
  /** The column's name as people read it (its table's prefix aside). */
  reading: NameReading;
}

/** A measure worth a metric of its own: money or a quantity, summed, or averaged for a price. */
export interface MetricCandidate {
  measure: Measure;
  /** The column's label, to word the metric. */
  columnLabel: string;
}

export interface DatasetFields {
  dimensions: Dimension[];
  measures: Measure[];
  countMeasure: Measure;
  metricCandidates: MetricCandidate[];
}

function describe(column: ColumnInfo): string | null {
  return (column.comment ?? column.dbtDescription)?.trim().slice(0, 4000) || null;
}

function lowerFirst(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

export function datasetFields(input: {
  datasetName: string;
  /** The dataset's label ("Invoice line"), to word its count. */
  datasetLabel: string;
  columns: readonly UsedColumn[];
}): DatasetFields {
  const scope = new NameScope();
  const thing = lowerFirst(input.datasetLabel);
  const countMeasure: Measure = {
    name: scope.claim(snakeName([input.datasetName, 'count'], 'row_count')),
    label: fitLabel(`Number of ${plural(thing)}`),
    description: null,
    synonyms: fitSynonyms([`${thing} count`, `count of ${plural(thing)}`], `Number of ${plural(thing)}`),
    aggregation: 'count',
    expression: null,
    filters: [],
  };
  const dimensions: Dimension[] = [];
  const measures: Measure[] = [countMeasure];
  const metricCandidates: MetricCandidate[] = [];
  for (const { column, use, reading } of input.columns) {
    if (use.kind === 'none') continue;
    const label = labelOf(reading.words);
    const described = {
      label,
      description: describe(column),
      synonyms: synonymsOf(reading, label),
    };
    const name = snakeName(reading.written, 'column');
    const expression = { column: column.name };
    if (use.kind === 'measure') {
      const additive = use.additive ? [{ aggregation: 'sum' as const, name, ...described }] : [];
      const averaged = use.averaged
        ? [
            {
              aggregation: 'avg' as const,
              name: snakeName(['avg', name], 'average'),
              label: fitLabel(`Average ${lowerFirst(label)}`),
              description: described.description,
              synonyms: fitSynonyms(
                [`mean ${lowerFirst(label)}`, ...described.synonyms.map((synonym) => `average ${synonym}`)],
                `Average ${lowerFirst(label)}`,
              ),
            },
          ]
        : [];
      for (const proposed of [...additive, ...averaged]) {
        const measure: Measure = { ...proposed, name: scope.claim(proposed.name), expression, filters: [] };
        measures.push(measure);
        // A price is averaged, not added up; any other money or quantity is summed.
        const wanted = use.averaged && reading.words.includes('price') ? 'avg' : 'sum';
        if (use.money && measure.aggregation === wanted)
          metricCandidates.push({ measure, columnLabel: label });
      }
      continue;
    }
    dimensions.push({
      ...described,
      name: scope.claim(name),
      expression,
      type: use.kind === 'category' ? 'categorical' : use.kind,
      timeGrains: use.kind === 'time' ? [...timeGrains] : [],
      sampleValues: use.kind === 'category' ? use.samples : [],
    });
  }
  return { dimensions, measures, countMeasure, metricCandidates };
}
