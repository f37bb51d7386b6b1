import { MONTH_NAMES } from '../../text/month-names.ts';
import type { LanguageModelV4Content } from '@ai-sdk/provider';

/*
 * Periods counted from today ("last year", "this month", "the last 30 days", "year to date"),
 * written out as the explicit periods the question reader already knows ("in 2025", "in
 * October 2026", "between 2026-10-30 and 2026-11-28"), from the date the instructions give (in
 * the user's time zone). The reader then treats them as if the person had named them, and the
 * answer says how each was read, so the period is as checkable as the rest.
 *
 * Calendar words name whole calendar periods: "last year" is the previous calendar year, "this
 * quarter" the current one up to its end. A count names a rolling window ending today: "the last
 * 30 days" is today and the 29 days before it, "the past 3 months" runs from the day after the
 * same date three months ago. Vague words ("recently") and the future ("next month") are left
 * alone for the reader to decline.
 */

export interface ReadPeriod {
  /** The words as the person wrote them. */
  said: string;
  /** How they were read, e.g. "2025" or "2026-10-30 to 2026-11-28". */
  read: string;
}

export interface RelativeReading {
  text: string;
  periods: ReadPeriod[];
}

interface Day {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

const pad = (value: number) => String(value).padStart(2, '0');
const iso = (date: Day) => `${date.year}-${pad(date.month)}-${pad(date.day)}`;

function parseDay(text: string): Day | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** The day `days` days after `date` (before, when negative). */
function addDays(date: Day, days: number): Day {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The same day `months` months earlier, on the month's last day when it has fewer days. */
function monthsBefore(date: Day, months: number): Day {
  const index = date.year * 12 + (date.month - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

const between = (from: Day, to: Day) => ({
  phrase: `between ${iso(from)} and ${iso(to)}`,
  read: `${iso(from)} to ${iso(to)}`,
});

const monthPhrase = (year: number, month: number) => ({
  phrase: `in ${MONTH_NAMES[month - 1] ?? ''} ${year}`,
  read: `${MONTH_NAMES[month - 1] ?? ''} ${year}`,
});

function quarterOf(year: number, quarter: number) {
  const first = (quarter - 1) * 3 + 1;
  const to = { year, month: first + 2, day: daysInMonth(year, first + 2) };
  return between({ year, month: first, day: 1 }, to);
}

/** Monday of the week holding `date`. */
function mondayOf(date: Day): Day {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';

const unitOf = (word: string): Unit => word.toLowerCase().replace(/s$/, '') as Unit;

/** A calendar period: the current one (offset 0) or the one before (offset 1). */
function calendar(today: Day, unit: Unit, offset: 0 | 1) {
  switch (unit) {
    case 'day': {
      const day = addDays(today, -offset);
      return between(day, day);
    }
    case 'week': {
      const monday = addDays(mondayOf(today), -7 * offset);
      return between(monday, addDays(monday, 6));
    }
    case 'month': {
      const { year, month } = monthsBefore({ ...today, day: 1 }, offset);
      return monthPhrase(year, month);
    }
    case 'quarter': {
      const index = today.year * 4 + Math.floor((today.month - 1) / 3) - offset;
      return quarterOf(Math.floor(index / 4), (index % 4) + 1);
    }
    case 'year': {
      const year = today.year - offset;
      return { phrase: `in ${year}`, read: String(year) };
    }
  }
}

/** The last `count` units up to and including today. */
function rolling(today: Day, unit: Unit, count: number) {
  switch (unit) {
    case 'day':
      return between(addDays(today, -(count - 1)), today);
    case 'week':
      return between(addDays(today, -(7 * count - 1)), today);
    case 'month':
      return between(addDays(monthsBefore(today, count), 1), today);
    case 'quarter':
      return between(addDays(monthsBefore(today, 3 * count), 1), today);
    case 'year':
      return between(addDays(monthsBefore(today, 12 * count), 1), today);
  }
}

/** From the start of the current calendar unit to today. */
function toDate(today: Day, unit: 'month' | 'quarter' | 'year') {
  const firstMonth =
    unit === 'year' ? 1 : unit === 'month' ? today.month : today.month - ((today.month - 1) % 3);
  return between({ year: today.year, month: firstMonth, day: 1 }, today);
}

const lead = String.raw`(?:(?:in|during|over|for|within|from)\s+)?(?:the\s+)?`;
const units = String.raw`(days?|weeks?|months?|quarters?|years?)`;

/** Counts written as words, as people write small ones. */
const countWords = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
const countPattern = String.raw`(\d+|${countWords.join('|')})`;
const countOf = (said: string) =>
  /^\d+$/.test(said) ? Number(said) : countWords.indexOf(said.toLowerCase()) + 1;

interface Rule {
  pattern: RegExp;
  /** `parts`: the whole match, then its groups. */
  read(parts: readonly string[], today: Day): { phrase: string; read: string } | null;
}

const rules: Rule[] = [
  {
    pattern: new RegExp(String.raw`\b${lead}(?:year|month|quarter)[- ]to[- ]date\b`, 'gi'),
    read: ([said = ''], today) =>
      toDate(today, unitOf(/year|month|quarter/i.exec(said)?.[0] ?? 'year') as 'year'),
  },
  {
    pattern: /\b(?:ytd|mtd|qtd)\b/gi,
    read: ([said = ''], today) => {
      const letter = said.toLowerCase()[0];
      return toDate(today, letter === 'm' ? 'month' : letter === 'q' ? 'quarter' : 'year');
    },
  },
  {
    pattern: new RegExp(String.raw`\bso far\s+this\s+(month|quarter|year)\b`, 'gi'),
    read: ([, unit = 'year'], today) => toDate(today, unitOf(unit) as 'year'),
  },
  {
    pattern: new RegExp(String.raw`\b${lead}(?:last|past|previous)\s+${countPattern}\s+${units}\b`, 'gi'),
    read: ([, said = '', unit = 'day'], today) => {
      const count = countOf(said);
      return count >= 1 && count <= 1000 ? rolling(today, unitOf(unit), count) : null;
    },
  },
  {
    pattern: new RegExp(String.raw`\b${lead}past\s+(week|month|quarter|year)\b`, 'gi'),
    read: ([, unit = 'year'], today) => rolling(today, unitOf(unit), 1),
  },
  {
    pattern: new RegExp(String.raw`\b${lead}(?:last|previous)\s+(week|month|quarter|year)\b`, 'gi'),
    read: ([, unit = 'year'], today) => calendar(today, unitOf(unit), 1),
  },
  {
    pattern: new RegExp(String.raw`\b${lead}(?:this|current)\s+(week|month|quarter|year)\b`, 'gi'),
    read: ([, unit = 'year'], today) => calendar(today, unitOf(unit), 0),
  },
  {
    pattern: /\b(?:(?:on|for|from)\s+)?(yesterday|today)\b/gi,
    read: ([, word = ''], today) => calendar(today, 'day', word.toLowerCase() === 'today' ? 0 : 1),
  },
];

/**
 * The question with its periods counted from `today` (YYYY-MM-DD) written out, and how each was
 * read. Without a date, or without such words, the text comes back as it was.
 */
export function readRelativePeriods(text: string, today: string | null): RelativeReading {
  const day = today === null ? null : parseDay(today);
  if (!day) return { text, periods: [] };
  const periods: ReadPeriod[] = [];
  let rewritten = text;
  for (const rule of rules) {
    rewritten = rewritten.replace(rule.pattern, (said: string, ...rest: unknown[]) => {
      // After the groups come the offset and the whole text.
      const groups = rest.slice(0, -2).map((group) => (typeof group === 'string' ? group : ''));
      const read = rule.read([said, ...groups], day);
      if (!read) return said;
      periods.push({ said: said.trim(), read: read.read });
      return read.phrase;
    });
  }
  return { text: rewritten, periods };
}

/** The answer, opened with how its periods counted from today were read. */
export function withPeriodsRead(
  content: LanguageModelV4Content[],
  periods: readonly ReadPeriod[],
): LanguageModelV4Content[] {
  if (periods.length === 0) return content;
  const note = `_${periods.map((period) => `"${period.said}" read as ${period.read}`).join('; ')}._`;
  return content.map((item) =>
    item.type === 'text' && item.providerMetadata?.querent?.outcome === 'answer'
      ? { ...item, text: `${note}\n\n${item.text}` }
      : item,
  );
}
