import { singular } from '../../text/words.ts';
import type { Aggregate, Direction, Measure, MeasureHint } from './question.ts';
import { measureTokens, tokenize } from './words.ts';

/*
 * What a question measures, from its words: the aggregate ("total", "average", "number of"), the
 * words naming a column, and the family of columns loose words point to ("revenue" → money,
 * "cheapest" → a price, "longest" → a duration).
 */

// Words that pick an order among rows, and the columns they point to.
export const adjectives: Record<string, { hint: MeasureHint; direction: Direction }> = {
  expensive: { hint: 'price', direction: 'desc' },
  priciest: { hint: 'price', direction: 'desc' },
  cheapest: { hint: 'price', direction: 'asc' },
  cheap: { hint: 'price', direction: 'asc' },
  longest: { hint: 'duration', direction: 'desc' },
  long: { hint: 'duration', direction: 'desc' },
  shortest: { hint: 'duration', direction: 'asc' },
  short: { hint: 'duration', direction: 'asc' },
  newest: { hint: 'date', direction: 'desc' },
  latest: { hint: 'date', direction: 'desc' },
  recent: { hint: 'date', direction: 'desc' },
  oldest: { hint: 'date', direction: 'asc' },
  earliest: { hint: 'date', direction: 'asc' },
  biggest: { hint: 'size', direction: 'desc' },
  largest: { hint: 'size', direction: 'desc' },
  smallest: { hint: 'size', direction: 'asc' },
};

// Words for money when no column is named so: they point to a total or an amount.
const moneyWords = new Set([
  'sale',
  'revenue',
  'turnover',
  'income',
  'spend',
  'spent',
  'spending',
  'money',
  'payment',
  'earning',
  'value',
]);
const moneyVerbList = ['spent', 'spend', 'paid', 'pay', 'earned', 'generated', 'made'];
export const moneyVerbs = new RegExp(`\\b(${moneyVerbList.join('|')})\\b`, 'i');
export const moneyVerbWords = new Set(moneyVerbList);

/** The words a hint was read from: a reading that used the hint accounts for them. */
export const hintVocabulary: Record<MeasureHint, ReadonlySet<string>> = {
  money: new Set([...moneyWords, ...moneyVerbList, 'sold', 'sell', 'selling'].map(singular)),
  price: new Set(['price', 'cost', 'expensive', 'priciest', 'cheapest', 'cheap', 'cheaper', 'pricier']),
  duration: new Set([
    'long',
    'longest',
    'short',
    'shortest',
    'longer',
    'shorter',
    'length',
    'duration',
    'time',
  ]),
  size: new Set([
    'big',
    'biggest',
    'large',
    'largest',
    'small',
    'smallest',
    'bigger',
    'larger',
    'smaller',
    'size',
  ]),
  date: new Set(['newest', 'latest', 'recent', 'oldest', 'earliest', 'date', 'time', 'when']),
};

const aggregateWords: [RegExp, Aggregate][] = [
  [/\b(?:the )?(?:total )?(?:number|count|amount) of\b|\bhow many\b|\bcount\b/i, 'count'],
  [/\b(?:the )?(?:average|avg|mean)(?: of)?\b/i, 'avg'],
  [/\b(?:the )?(?:total|sum)(?: of)?\b/i, 'sum'],
  [/\b(?:the )?(?:maximum|max|highest|largest|biggest|greatest)(?: of)?\b/i, 'max'],
  [/\b(?:the )?(?:minimum|min|lowest|smallest)(?: of)?\b/i, 'min'],
];

/** A measure as said: "number of albums", "total spent", "average unit price", "invoice totals". */
export function parseMeasure(text: string): Measure {
  const padded = ` ${text} `;
  // The first aggregate word said is the one meant: "minimum invoice total" is a minimum.
  let found: { aggregate: Aggregate; index: number; length: number } | null = null;
  for (const [pattern, aggregate] of aggregateWords) {
    const match = pattern.exec(padded);
    if (match && (!found || match.index < found.index)) {
      found = { aggregate, index: match.index, length: match[0].length };
    }
  }
  const rest = found ? `${padded.slice(0, found.index)} ${padded.slice(found.index + found.length)}` : padded;
  const words = measureTokens(tokenize(rest));
  const money = words.some((word) => moneyWords.has(word.norm)) || moneyVerbs.test(rest);
  const said = words.map((word) => word.norm);
  const hint: MeasureHint | null = money
    ? 'money'
    : said.some((word) => ['length', 'duration'].includes(word))
      ? 'duration'
      : said.includes('size')
        ? 'size'
        : null;
  return { aggregate: found?.aggregate ?? null, words, hint };
}
