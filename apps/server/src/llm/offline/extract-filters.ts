import type { Comparison, Filter, MeasureHint, Unit } from './question.ts';
import { valueFilter } from './question.ts';
import {
  columnWords,
  comparisonOf,
  cut,
  dateValue,
  lead,
  listPattern,
  listValues,
  number,
  operator,
  unquote,
} from './clause-patterns.ts';
import { extractPresence } from './extract-presence.ts';

/*
 * The conditions of a question, cut out of its text one kind after another: ranges ("between 2022
 * and 2023"), comparisons in a unit ("longer than 5 minutes"), conditions on a named column
 * ("where status is shipped or delivered"), what a row has or lacks ("without a manager", "with
 * an email", "never ordered"), values it must not have ("not from the USA", "excluding Jazz") and
 * values it must have ("from Germany or France", "in March 2024").
 */

const units: Record<string, Unit> = {
  ms: 'millisecond',
  millisecond: 'millisecond',
  milliseconds: 'millisecond',
  second: 'second',
  seconds: 'second',
  sec: 'second',
  secs: 'second',
  minute: 'minute',
  minutes: 'minute',
  min: 'minute',
  mins: 'minute',
  hour: 'hour',
  hours: 'hour',
  byte: 'byte',
  bytes: 'byte',
  kb: 'kilobyte',
  kilobyte: 'kilobyte',
  kilobytes: 'kilobyte',
  mb: 'megabyte',
  megabyte: 'megabyte',
  megabytes: 'megabyte',
  gb: 'gigabyte',
  gigabyte: 'gigabyte',
  gigabytes: 'gigabyte',
};
export const unitPattern = Object.keys(units).join('|');
export const unitOf = (said: string): Unit | null => units[said.toLowerCase()] ?? null;
const hintOfUnit = (unit: Unit): MeasureHint => (/byte/.test(unit) ? 'size' : 'duration');

const comparatives: Record<string, { op: Comparison; hint: MeasureHint }> = {
  longer: { op: '>', hint: 'duration' },
  shorter: { op: '<', hint: 'duration' },
  cheaper: { op: '<', hint: 'price' },
  pricier: { op: '>', hint: 'price' },
  'more expensive': { op: '>', hint: 'price' },
  'less expensive': { op: '<', hint: 'price' },
  'cost more': { op: '>', hint: 'price' },
  'costs more': { op: '>', hint: 'price' },
  'costing more': { op: '>', hint: 'price' },
  'cost less': { op: '<', hint: 'price' },
  'costs less': { op: '<', hint: 'price' },
  'costing less': { op: '<', hint: 'price' },
  bigger: { op: '>', hint: 'size' },
  larger: { op: '>', hint: 'size' },
  smaller: { op: '<', hint: 'size' },
};

const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const monthPattern = `(${months.map((name) => `${name.slice(0, 3)}(?:${name.slice(3)})?`).join('|')})\\.?\\s+(\\d{4})`;

export function extractFilters(text: string): { rest: string; filters: Filter[] } {
  const filters: Filter[] = [];
  let rest = text;
  // "where the unit price is between 10 and 20"
  rest = cut(
    rest,
    new RegExp(
      `${lead.replace('having|', 'having|have|has|')}([a-z0-9_ ]+?)\\s+(?:is\\s+)?between\\s+(${number}|${dateValue})\\s+and\\s+(${number}|${dateValue})`,
      'gi',
    ),
    ([, column, low, high]) => {
      const words = columnWords(column);
      return words.length === 0
        ? null
        : [valueFilter('named', [low ?? '', high ?? ''], { column: words, op: 'between' })];
    },
    filters,
  );
  // "between 2022 and 2023", "between 2024-01-01 and 2024-03-31": a period.
  rest = cut(
    rest,
    new RegExp(`\\b(?:from|between)\\s+(${dateValue})\\s+(?:and|to|until)\\s+(${dateValue})\\b`, 'gi'),
    ([, low, high]) => [valueFilter('loose', [low ?? '', high ?? ''], { op: 'between' })],
    filters,
  );
  // "on 2024-03-15"
  rest = cut(
    rest,
    new RegExp(`\\bon\\s+(\\d{4}-\\d{2}-\\d{2})\\b`, 'gi'),
    ([, day]) => [valueFilter('loose', [day ?? ''])],
    filters,
  );
  // "longer than 5 minutes", "cheaper than 1", "costing more than 100"
  rest = cut(
    rest,
    new RegExp(
      `\\b(${Object.keys(comparatives).join('|')})\\s+than\\s+(${number})\\s*(${unitPattern})?\\b`,
      'gi',
    ),
    ([, said, value, unit]) => {
      const meaning = comparatives[(said ?? '').toLowerCase()];
      if (!meaning) return null;
      const known = unit ? unitOf(unit) : null;
      return [valueFilter('measure', [value ?? ''], { op: meaning.op, hint: meaning.hint, unit: known })];
    },
    filters,
  );
  // "over 5 minutes", "at least 10 MB": a comparison whose unit says what is measured.
  rest = cut(
    rest,
    new RegExp(
      `\\b(over|above|under|below|more than|less than|at least|at most)\\s+(${number})\\s*(${unitPattern})\\b`,
      'gi',
    ),
    ([, said, value, unit]) => {
      const known = unitOf(unit ?? '');
      if (known === null) return null;
      return [
        valueFilter('measure', [value ?? ''], {
          op: comparisonOf(said ?? ''),
          hint: hintOfUnit(known),
          unit: known,
        }),
      ];
    },
    filters,
  );
  for (const pattern of [
    new RegExp(`${lead}([a-z0-9_ ]+?)\\s*(${operator})\\s*(${listPattern})`, 'gi'),
    new RegExp(`\\b([a-z0-9_]+)\\s*(=|!=|<>|>=|<=|>|<)\\s*(${listPattern})`, 'gi'),
  ]) {
    rest = cut(
      rest,
      pattern,
      ([, column, op, raw]) => {
        const words = columnWords(column);
        if (words.length === 0) return null;
        const comparison = comparisonOf(op ?? '');
        const values =
          comparison === '=' || comparison === '!=' ? listValues(raw ?? '') : [unquote(raw ?? '')];
        return [valueFilter('named', values, { column: words, op: comparison })];
      },
      filters,
    );
  }
  // "orders with status cancelled", "orders where status not delivered": a column, then its value.
  rest = cut(
    rest,
    new RegExp(
      `\\b(?:with|where|whose)\\s+(?:the\\s+)?(?!(?:most|least|fewest|highest|lowest|top|largest|smallest|an?|any|no|some|none)\\b)([a-z0-9_]+)\\s+(not\\s+)?(?!(?:an?|any|no|some|the|is|are|was|were|has|have)\\b)(${listPattern})`,
      'gi',
    ),
    ([, column, not, raw]) => {
      const words = columnWords(column);
      if (words.length === 0) return null;
      return [valueFilter('named', listValues(raw ?? ''), { column: words, op: not ? '!=' : '=' })];
    },
    filters,
  );
  rest = extractPresence(rest, filters);
  // "not from the USA", "excluding Jazz", "other than France"
  rest = cut(
    rest,
    new RegExp(
      `\\b(?:not\\s+(?:from|in|at|for)|excluding|except(?:\\s+for)?|other\\s+than|apart\\s+from|besides)\\s+(?:the\\s+)?(${listPattern})`,
      'gi',
    ),
    ([, raw]) => [valueFilter('loose', listValues(raw ?? ''), { op: '!=' })],
    filters,
  );
  // "in March 2024"
  rest = cut(
    rest,
    new RegExp(`\\b(?:in|during|for)\\s+${monthPattern}\\b`, 'gi'),
    ([, month, year]) => {
      const index = months.findIndex((name) => name.startsWith((month ?? '').toLowerCase().slice(0, 3)));
      return [valueFilter('loose', [`${year ?? ''}-${String(index + 1).padStart(2, '0')}`])];
    },
    filters,
  );
  // "from Germany or France", "in 2010"
  rest = cut(
    rest,
    new RegExp(
      `\\b(?:from|in|at|for)\\s+(?!(?:each|every|all|total|general|descending|ascending|order)\\b)(?:the\\s+)?(${listPattern})`,
      'gi',
    ),
    ([, raw]) => [valueFilter('loose', listValues(raw ?? ''))],
    filters,
  );
  return { rest, filters };
}
