import type Database from 'better-sqlite3';

/*
 * The date functions of Snowflake and BigQuery that metric queries group and shift periods with,
 * as SQLite functions over Chinook's 'YYYY-MM-DD HH:MM:SS' text, each answering as its engine's
 * reference says: the same kind of value it was given (a date stays a date, a timestamp a
 * timestamp), weeks starting on Monday (Snowflake's default WEEK_START, BigQuery's ISOWEEK) or on
 * Sunday (BigQuery's WEEK). The fakes rewrite the keywords SQLite cannot parse (a bare MONTH, an
 * INTERVAL) into these functions' arguments; nothing else of the statement changes.
 */

type Part = 'DAY' | 'WEEK' | 'ISOWEEK' | 'MONTH' | 'QUARTER' | 'YEAR';

interface Moment {
  date: Date;
  /** The text had a time of day: it was a timestamp, not a date. */
  timestamp: boolean;
}

function read(value: unknown): Moment | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?/.exec(value);
  if (!match) return null;
  const [, year, month, day, hours] = match;
  return {
    date: new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))),
    timestamp: hours !== undefined,
  };
}

function write(moment: Moment): string {
  const day = moment.date.toISOString().slice(0, 10);
  return moment.timestamp ? `${day} 00:00:00` : day;
}

/** Days since the start of the week, Monday = 0 (or Sunday = 0 when weeks start on Sunday). */
function intoWeek(date: Date, start: 'monday' | 'sunday'): number {
  const sunday0 = date.getUTCDay();
  return start === 'sunday' ? sunday0 : (sunday0 + 6) % 7;
}

function truncate(value: unknown, part: string, week: 'monday' | 'sunday'): string | null {
  const moment = read(value);
  if (moment === null) return null;
  const { date } = moment;
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const unit = part.toUpperCase() as Part;
  let start: Date;
  switch (unit) {
    case 'DAY':
      start = date;
      break;
    case 'WEEK':
    case 'ISOWEEK':
      start = new Date(date.getTime() - intoWeek(date, unit === 'ISOWEEK' ? 'monday' : week) * 86_400_000);
      break;
    case 'MONTH':
      start = new Date(Date.UTC(year, month, 1));
      break;
    case 'QUARTER':
      start = new Date(Date.UTC(year, month - (month % 3), 1));
      break;
    case 'YEAR':
      start = new Date(Date.UTC(year, 0, 1));
      break;
    default:
      throw new Error(`A date cannot be truncated to ${part}`);
  }
  return write({ ...moment, date: start });
}

function shift(value: unknown, amount: unknown, unit: string): string | null {
  const moment = read(value);
  if (moment === null || typeof amount !== 'number') return null;
  const { date } = moment;
  switch (unit.toUpperCase()) {
    case 'DAY':
      return write({ ...moment, date: new Date(date.getTime() + amount * 86_400_000) });
    case 'MONTH': {
      // The last day of a shorter month when the day does not exist there, as both engines do.
      const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + amount, 1));
      const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
      target.setUTCDate(Math.min(date.getUTCDate(), last));
      return write({ ...moment, date: target });
    }
    default:
      throw new Error(`A date cannot be moved by ${unit}`);
  }
}

/** `CAST(<expression> AS DATE)` → `date(<expression>)`: SQLite would read DATE as a number. */
function castsToDate(sql: string): string {
  let out = '';
  let rest = sql;
  for (;;) {
    const at = rest.search(/\bCAST\s*\(/i);
    if (at < 0) return out + rest;
    const open = rest.indexOf('(', at);
    let depth = 0;
    let close = -1;
    for (let index = open; index < rest.length; index++) {
      if (rest[index] === '(') depth++;
      else if (rest[index] === ')' && --depth === 0) {
        close = index;
        break;
      }
    }
    if (close < 0) return out + rest;
    const inner = rest.slice(open + 1, close);
    const asDate = /^([\s\S]*)\s+AS\s+DATE\s*$/i.exec(inner);
    out +=
      rest.slice(0, at) + (asDate ? `date(${castsToDate(asDate[1] ?? '')})` : `CAST(${castsToDate(inner)})`);
    rest = rest.slice(close + 1);
  }
}

/** Snowflake's DATE_TRUNC('MONTH', x), DATEADD(day, n, x), DAYOFWEEKISO(x) and CAST(x AS DATE). */
export function addSnowflakeDates(db: Database.Database): (sql: string) => string {
  db.function('DATE_TRUNC', (part: unknown, value: unknown) => truncate(value, String(part), 'monday'));
  db.function('DATEADD', (unit: unknown, amount: unknown, value: unknown) =>
    shift(value, amount, String(unit)),
  );
  db.function('DAYOFWEEKISO', (value: unknown) => {
    const moment = read(value);
    return moment === null ? null : intoWeek(moment.date, 'monday') + 1;
  });
  return (sql) => castsToDate(sql.replace(/\bDATEADD\s*\(\s*(day|month|year)\s*,/gi, "DATEADD('$1',"));
}

/** BigQuery's DATE_TRUNC(d, MONTH) (ISOWEEK from Monday, WEEK from Sunday) and DATE_ADD(d, INTERVAL n MONTH). */
export function addBigQueryDates(db: Database.Database): (sql: string) => string {
  db.function('DATE_TRUNC', (value: unknown, part: unknown) => truncate(value, String(part), 'sunday'));
  db.function('DATE_ADD', (value: unknown, amount: unknown, unit: unknown) =>
    shift(value, amount, String(unit)),
  );
  return (sql) =>
    sql
      .replace(
        /(\bDATE_TRUNC\s*\((?:[^()]|\([^()]*\))*?),\s*(DAY|WEEK|ISOWEEK|MONTH|QUARTER|YEAR)\s*\)/gi,
        "$1, '$2')",
      )
      .replace(/\bINTERVAL\s+(-?\d+)\s+(DAY|MONTH)\b/gi, "$1, '$2'");
}
