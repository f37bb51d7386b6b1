import type { MeasureHint } from './question.ts';
import type { KnownColumn, KnownTable } from './schema-knowledge.ts';
import type { Token } from './words.ts';
import { identifierWords } from './words.ts';

/*
 * Fuzzy names: which table a phrase names ("invoice lines" → InvoiceLine, "tracks" → Track), and
 * how well a column fits a phrase, counting the words its table covers ("invoice totals" →
 * Invoice.Total) and preferring columns that are all named over columns that merely contain a word.
 */

export interface TableMatch {
  name: string;
  /** Indexes of the phrase's tokens the name used. */
  used: Set<number>;
  score: number;
}

const joined = (words: readonly string[]) => words.join('');

/**
 * The table a phrase names, if any: the longest run of words spelling a table's name (spaces,
 * underscores and capitals aside, singular or plural); among equals the later run, since English
 * puts the head noun last ("product category" is a category).
 */
export function matchTable(tokens: readonly Token[], names: readonly string[]): TableMatch | null {
  const words = tokens.map((token) => token.norm);
  let best: TableMatch | null = null;
  for (const name of names) {
    const target = joined(identifierWords(name, { table: true }));
    const full = joined(identifierWords(name));
    for (let start = 0; start < words.length; start += 1) {
      for (let end = start + 1; end <= Math.min(words.length, start + 4); end += 1) {
        const run = joined(words.slice(start, end));
        if (run !== target && run !== full) continue;
        const score = (end - start) * 10 + end;
        if (!best || score > best.score) {
          best = { name, used: new Set(Array.from({ length: end - start }, (_, i) => start + i)), score };
        }
      }
    }
  }
  return best;
}

/**
 * How well a column fits a phrase: 10 × the share of the phrase's words found in the column's or
 * its table's name, plus 5 × the share of the column's words the phrase names. 0 when the phrase
 * names none of the column's words.
 */
export function columnScore(words: readonly string[], table: KnownTable, column: KnownColumn): number {
  if (words.length === 0) return 0;
  const columnWords = new Set(column.words);
  const phrase = joined(words);
  if (phrase === joined(column.words) || phrase === column.name.toLowerCase()) return 15 + 1;
  const named = words.filter((word) => columnWords.has(word));
  // "unitprice" written as one word still names UnitPrice.
  const glued = named.length === 0 && words.some((word) => word.length > 3 && word === joined(column.words));
  if (named.length === 0 && !glued) return 0;
  const tableWords = new Set(table.words);
  const covered = words.filter((word) => columnWords.has(word) || tableWords.has(word) || glued).length;
  const precision = glued ? 1 : new Set(named).size / columnWords.size;
  return (10 * covered) / words.length + 5 * precision;
}

/** A fit good enough to use: most of the phrase is accounted for. */
export const GOOD_FIT = 7.5;

// Column words each hint points to, best first.
const hintWords: Record<MeasureHint, string[][]> = {
  money: [
    ['total', 'amount'],
    ['revenue', 'sale', 'paid', 'payment'],
    ['price', 'value', 'cost'],
  ],
  price: [
    ['price', 'cost'],
    ['amount', 'fee', 'rate', 'total'],
  ],
  duration: [
    ['duration', 'millisecond', 'second', 'minute', 'length', 'runtime'],
    ['hour', 'time'],
  ],
  size: [
    ['size', 'byte'],
    ['total', 'amount', 'quantity', 'weight', 'length'],
  ],
  date: [],
};

/** How well a column fits a hint ("cheapest" → a price): 0 when it does not. */
export function hintScore(hint: MeasureHint, column: KnownColumn): number {
  if (hint === 'date') {
    if (!column.dateLike) return 0;
    return column.words.some((word) => ['created', 'ordered', 'date', 'at'].includes(word)) ? 9 : 8;
  }
  if (column.kind !== 'number' || column.key) return 0;
  const groups = hintWords[hint];
  for (const [rank, group] of groups.entries()) {
    if (column.words.some((word) => group.includes(word))) return 9 - rank * 1.5;
  }
  return 0;
}

/** Whether a column names or holds a place ("from Germany", "in Paris"). */
export function isPlaceColumn(column: KnownColumn): boolean {
  return column.words.some((word) =>
    ['country', 'city', 'state', 'region', 'province', 'place', 'location', 'town', 'county'].includes(word),
  );
}

/**
 * The columns that name a row, for showing and grouping: a name; a first and last name together;
 * a title; else the first text column; else the primary key.
 */
// A key so named is a code ("officeCode": '1'…'7'), not what people call the row.
const codeWords = new Set(['code', 'id', 'key', 'number', 'no', 'num']);

const longTextWords = new Set([
  'description',
  'comment',
  'note',
  'remark',
  'html',
  'image',
  'text',
  'address',
  'url',
]);

export function labelColumns(table: KnownTable): KnownColumn[] {
  const text = table.columns.filter((column) => column.kind === 'text' && !column.key);
  const spelled = (column: KnownColumn) => column.words.join(' ');
  const name = text.find((column) => {
    const words = spelled(column);
    return words === 'name' || words === 'full name' || words === `${table.words.join(' ')} name`;
  });
  if (name) return [name];
  // People: their names, before a job title.
  const first = text.find((column) => spelled(column) === 'first name');
  const last = text.find((column) => spelled(column) === 'last name');
  if (first && last) return [first, last];
  const titled = text.find((column) => spelled(column) === 'title');
  if (titled) return [titled];
  const named = text.find((column) => column.words.includes('name') || column.words.includes('title'));
  if (named) return [named];
  // A key written in words names its row (`productLine` of productlines), before any other text.
  const key = table.columns.filter((column) => table.primaryKey.includes(column.name));
  const [only] = key;
  if (key.length === 1 && only?.kind === 'text' && !only.words.some((word) => codeWords.has(word)))
    return key;
  // Never a description, a comment or an address: they say more than which row it is.
  const firstText = text.find((column) => !column.words.some((word) => longTextWords.has(word)));
  if (firstText) return [firstText];
  return key.length > 0 ? key : table.columns.slice(0, 1);
}
