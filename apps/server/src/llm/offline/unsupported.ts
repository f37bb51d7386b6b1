import type { Question } from './question.ts';

/*
 * What the offline analyst knows it cannot do, found before it tries: periods counted from today
 * that are vague or still to come ("recently", "next month"; those it can date were written out
 * before, see relative-periods.ts, unless it was not told the date), and money in a currency
 * (amounts carry none it could convert).
 */

const relativeTime = new RegExp(
  [
    '\\b(?:last|this|next|past|previous|current|coming)\\s+(?:\\d+\\s+)?(?:days?|weeks?|months?|quarters?|years?|fortnight|weekend)\\b',
    '\\b(?:yesterday|today|tomorrow|tonight|recently|lately|ytd|mtd)\\b',
    '\\bso far\\b',
    '\\b\\d+\\s+(?:days?|weeks?|months?|years?)\\s+ago\\b',
    '\\b(?:year|month|quarter)[- ]to[- ]date\\b',
  ].join('|'),
  'i',
);

const currency = /\bin\s+(?:euros?|dollars?|usd|eur|gbp|pounds?|yen|jpy|chf|swiss francs?|yuan|rupees?)\b/i;

export function unsupportedIn(text: string): Extract<Question, { kind: 'unsupported' }> | null {
  const time = relativeTime.exec(text);
  if (time) return { kind: 'unsupported', reason: 'relative-time', words: time[0] };
  const money = currency.exec(text);
  if (money) return { kind: 'unsupported', reason: 'currency', words: money[0] };
  return null;
}
