import { type SemanticTerm, semanticModelSchema } from '@querent/contracts';
import { describe, expect, it } from 'vitest';
import { matchTerms } from '../../../src/semantic/terms/match-terms.ts';
import { modelTerms } from '../../../src/semantic/terms/model-terms.ts';

/*
 * Matching typed words against a small hand-written model: a café's sales with an accented value,
 * a synonym, a certified metric and a time dimension. The API suite covers the Demo shop and
 * Chinook through the server; this one the rules at their edges.
 */

const model = semanticModelSchema.parse({
  datasets: [
    {
      name: 'sale',
      label: 'Sale',
      source: { table: 'sales', schema: null },
      primaryKey: ['id'],
      dimensions: [
        {
          name: 'sold_at',
          expression: { column: 'sold_at' },
          type: 'time',
          timeGrains: ['day', 'month'],
        },
        {
          name: 'drink',
          expression: { column: 'drink' },
          type: 'categorical',
          sampleValues: ['Café crème', 'Espresso', 'Earl Grey'],
        },
      ],
      measures: [{ name: 'amount', aggregation: 'sum', expression: { column: 'amount' } }],
    },
    {
      name: 'store',
      label: 'Store',
      source: { table: 'stores', schema: null },
      primaryKey: ['id'],
      dimensions: [{ name: 'city', expression: { column: 'city' }, type: 'categorical' }],
    },
  ],
  metrics: [
    {
      name: 'sale_amount',
      label: 'Sales amount',
      type: 'simple',
      measure: 'sale.amount',
      synonyms: ['turnover'],
    },
    {
      name: 'sale_count',
      label: 'Number of sales',
      type: 'simple',
      measure: 'sale.amount',
      certified: { by: 'Ann', at: '2026-11-01T00:00:00.000Z' },
    },
  ],
});
const terms = modelTerms(model);
const shown = (term: SemanticTerm) => `${term.kind}:${term.kind === 'value' ? term.value : term.name}`;
const match = (q: string, limit = 20) => matchTerms(terms, q, limit);

describe('matching typed words against a model', () => {
  it('folds case and accents, and replaces only the words that matched', () => {
    expect(match('a CAFE cr').map((term) => [shown(term), term.words, term.insert, term.match])).toEqual([
      ['value:Café crème', 2, 'Café crème', 'prefix'],
    ]);
    expect(match('cafe creme')[0]).toMatchObject({ kind: 'value', match: 'exact', words: 2 });
  });

  it('finds a metric by its synonym and inserts its label', () => {
    expect(match('total turno').map((term) => [shown(term), term.matched, term.insert])).toEqual([
      ['metric:sale_amount', 'turnover', 'sales amount'],
    ]);
  });

  it('puts a certified metric first, then exact matches before prefixes', () => {
    expect(match('sale').map(shown)).toEqual([
      'metric:sale_count',
      'dataset:sale',
      'metric:sale_amount',
      // "sale drink" leaves one word to complete, "sale sold at" two.
      'dimension:sale.drink',
      'dimension:sale.sold_at',
    ]);
    expect(match('sale')[1]).toMatchObject({ match: 'exact', insert: 'sale' });
    expect(match('sales')[1]).toMatchObject({ kind: 'dataset', match: 'exact', insert: 'sales' });
  });

  it('offers near spellings only when nothing matches as written', () => {
    expect(match('espreso').map((term) => [shown(term), term.match])).toEqual([['value:Espresso', 'fuzzy']]);
    // "stor" is the start of Store: no near spelling of anything else is offered beside it.
    expect(new Set(match('stor').map((term) => term.match))).toEqual(new Set(['prefix']));
  });

  it('needs whole words before the last, and two letters for a word alone', () => {
    // "sal" is no whole word: only "amount" alone matches, replacing one word.
    expect(match('sal amount').map((term) => [shown(term), term.words])).toEqual([['metric:sale_amount', 1]]);
    expect(match('e')).toEqual([]);
    expect(match('earl g').map(shown)).toEqual(['value:Earl Grey']);
    expect(match('   ')).toEqual([]);
  });

  it('says what a time dimension may be grouped by, and stops at the limit', () => {
    expect(match('sold')[0]).toMatchObject({
      kind: 'dimension',
      name: 'sale.sold_at',
      type: 'time',
      timeGrains: ['day', 'month'],
      dataset: { name: 'sale', label: 'Sale' },
    });
    expect(match('sale', 2).map(shown)).toEqual(['metric:sale_count', 'dataset:sale']);
  });
});
