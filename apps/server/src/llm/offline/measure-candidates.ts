import { hintScore } from './resolve-names.ts';
import { GOOD_FIT, columnScore } from './resolve-names.ts';
import type { Measure } from './question.ts';
import type { KnownColumn, KnownTable } from './schema-knowledge.ts';

/*
 * Which numeric columns a measure may mean: those its words name ("unit price", "invoice
 * totals"), else those its hint points to (money → a total or an amount, or a price times the
 * quantity sold), best first.
 */

export interface MeasureChoice {
  table: KnownTable;
  column: KnownColumn;
  score: number;
  /** For money as price × quantity: the quantity column of the same table. */
  times?: KnownColumn;
  /** Chosen by a hint rather than by name: the hint's words are accounted for. */
  hinted: boolean;
}

/** Hints are a weaker reading than named columns, but still a reading. */
const HINT_FIT = 6;

// A quantity kept, not moved: stock on hand times a price is what the stock is worth, never sales.
const keptWords = new Set([
  'stock',
  'inventory',
  'hand',
  'available',
  'reorder',
  'capacity',
  'minimum',
  'maximum',
]);

function quantityOf(table: KnownTable): KnownColumn | undefined {
  return table.columns.find(
    (column) =>
      column.kind === 'number' &&
      !column.key &&
      column.words.some((word) => word === 'quantity' || word === 'qty') &&
      !column.words.some((word) => keptWords.has(word)),
  );
}

/** Columns that fit a measure, best first; `dates` also lets date columns rank ("most recent"). */
export function measureCandidates(
  measure: Measure,
  within: readonly KnownTable[],
  options: { dates?: boolean } = {},
): MeasureChoice[] {
  const words = measure.words.map((token) => token.norm);
  const choices: MeasureChoice[] = [];
  for (const table of within) {
    for (const column of table.columns) {
      const usable = column.kind === 'number' || (options.dates === true && column.dateLike);
      if (!usable) continue;
      let score = columnScore(words, table, column);
      if (column.key && score < 16) score = 0;
      let times: KnownColumn | undefined;
      let hinted = false;
      if (score < GOOD_FIT && measure.hint !== null) {
        const byHint = hintScore(measure.hint, column);
        hinted = byHint > score;
        score = Math.max(score, byHint);
        // Money from a price is the price times the quantity sold, where the table has one.
        times = measure.hint === 'money' && column.words.includes('price') ? quantityOf(table) : undefined;
        if (times) score += 2;
      }
      if (score >= HINT_FIT) choices.push({ table, column, score, hinted, ...(times ? { times } : {}) });
    }
  }
  // Stable: among equals, the table the schema ranks first.
  return choices.sort((a, b) => b.score - a.score);
}

// A table of priced quantities is where sales are written down: its rows were sold, bought, ordered.
export const salesWords = ['sold', 'sell', 'sale', 'bought', 'buy', 'purchase', 'purchased', 'ordered'];
