/*
 * How a number in a result reads for a person: grouped thousands, no floating-point noise, money
 * with two decimals, percentages with their sign, identifiers and years exactly as stored. One
 * rule for the web app's grids and charts and the offline analyst's answers, without zod, so the
 * web app reads it at run time. Only what is shown changes: copies, exports and SQL keep the
 * value as the database gave it.
 */

/**
 * identifier: ids, keys, codes and years, shown exactly as stored (2024, not 2,024);
 * money: two decimals, never a currency symbol (the database does not say which currency);
 * percent: a value already in percent units (12.5 reads 12.5%);
 * measure: any other number, grouped, at most two decimals or three significant digits.
 */
export type NumberKind = 'identifier' | 'money' | 'percent' | 'measure';

export interface NumberColumn {
  name: string;
  /** The database's type name, when known. */
  type?: string;
  /** Whether the column is a primary or foreign key of the schema it was read from. */
  key?: boolean;
}

/** A column name's words, lower case: `ArtistId` → artist, id; `sum_unit_price` → sum, unit, price. */
export function splitColumnWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])([0-9])|([0-9])([a-zA-Z])/g, '$1$3 $2$4')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

// A name starting with one of these, or holding count, counts things: `number_of_orders`, `n_items`.
const countFirstWords = new Set(['count', 'cnt', 'num', 'number', 'nb', 'n']);
const countWords = new Set(['count', 'cnt']);
// The last word of an identifier's name: `customer_id`, `ArtistId`, `country_code`, `order_no`.
const identifierLastWords = new Set([
  'id',
  'key',
  'code',
  'no',
  'nr',
  'number',
  'num',
  'year',
  'yr',
  'yyyy',
  'zip',
  'zipcode',
  'postcode',
  'isbn',
  'ean',
  'upc',
  'sku',
  'phone',
]);
// What takes a date part, as an unnamed column is named after it: PostgreSQL's `extract` and
// `date_part`, or the expression itself as DuckDB, MySQL and SQLite write it, `year(ordered_at)`.
const datePartNames = new Set(['extract', 'date_part', 'datepart', 'year', 'strftime', 'to_char']);
const calledFunction = /^\s*([a-z_]+)\s*(\(|$)/i;
const yearWords = new Set(['year', 'yr', 'yyyy']);
const periodWords = new Set([...yearWords, 'quarter', 'qtr', 'month', 'mm', 'week', 'day']);
const percentWords = new Set(['percent', 'percentage', 'pct']);
// A ratio of money, or money counted in cents, is no amount to show with two decimals.
const notMoneyWords = new Set(['rate', 'ratio', 'share', 'fraction', 'cents', 'cent']);
const moneyWords = new Set([
  'price',
  'amount',
  'revenue',
  'cost',
  'costs',
  'sales',
  'spend',
  'spent',
  'income',
  'profit',
  'fee',
  'fees',
  'salary',
  'payment',
  'paid',
  'subtotal',
  'balance',
  'turnover',
  'earnings',
]);

/**
 * A column's kind, decided from its name and type alone (never from its values), in this order:
 * a name with `%` or the word percent/percentage/pct is a percentage; a count (`count_…`,
 * `…_count`, `number_of_…`, `n_…`) is a measure; a schema key, MySQL's `year` type, a name ending
 * in id/key/code/no/number/year (and the like), a year-led period such as `year_month`, or an
 * unnamed date part is an identifier, unless it is a rate (`…_per_year`); a name holding a money
 * word (price, amount, revenue, cost, sales, …) or ending in `total` is money, unless it is a
 * rate, ratio, share or fraction or in cents; anything else is a measure. Rates and ratios are
 * never percentages: whether 0.2 means 20% or 0.2% the name does not say.
 */
export function numberKindOf(column: NumberColumn): NumberKind {
  const words = splitColumnWords(column.name);
  const first = words[0] ?? '';
  // A trailing number is a version or a variant: `isbn13` and `code_2` end as isbn and code do.
  const last = words.findLast((word) => !/^\d+$/.test(word)) ?? '';
  // A `%` inside quotes is a format, as in an unnamed `strftime('%Y', …)`, not a percentage.
  const unquoted = column.name.replace(/'[^']*'/g, '');
  if (unquoted.includes('%') || words.some((word) => percentWords.has(word))) return 'percent';
  if (countFirstWords.has(first) || words.some((word) => countWords.has(word))) return 'measure';
  if (column.key === true || column.type?.trim().toLowerCase() === 'year') return 'identifier';
  const period = words.every((word) => periodWords.has(word)) && yearWords.has(first);
  const datePart = datePartNames.has(calledFunction.exec(column.name)?.[1]?.toLowerCase() ?? '');
  if (!words.includes('per') && (identifierLastWords.has(last) || period || datePart)) return 'identifier';
  if (words.some((word) => notMoneyWords.has(word))) return 'measure';
  if (words.some((word) => moneyWords.has(word)) || last === 'total') return 'money';
  return 'measure';
}

/** Decimal text as drivers send exact numbers (PostgreSQL's numeric, big integers): `-12.50`, `1e21`. */
const decimalText = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/** The cell as a number to format, or null when it is none (text, dates, booleans, NaN). */
function numericCell(value: unknown): number | bigint | string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'string') {
    const text = value.trim();
    return decimalText.test(text) ? text : null;
  }
  return null;
}

type Variant = 'measure' | 'money' | 'percent';

// Two decimals, or three significant digits when that shows more (0.000123 stays 0.000123).
const precise = {
  maximumFractionDigits: 2,
  maximumSignificantDigits: 3,
  roundingPriority: 'morePrecision',
  signDisplay: 'negative',
} as const satisfies Intl.NumberFormatOptions;
const variantOptions: Record<Variant, Intl.NumberFormatOptions> = {
  measure: precise,
  money: { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' },
  percent: { ...precise, style: 'percent' },
};

// A grid formats thousands of cells: one formatter per locale and variant, made once.
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: Intl.LocalesArgument, variant: Variant): Intl.NumberFormat {
  const key = `${String(locale)}|${variant}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(locale, variantOptions[variant]);
    } catch {
      // A locale the runtime refuses reads as the default one rather than failing the page.
      formatter = new Intl.NumberFormat(undefined, variantOptions[variant]);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Exact decimal text goes to Intl as text, so digits past a double's precision are not invented. */
function asFormatInput(value: number | bigint | string): number | bigint | Intl.StringNumericLiteral {
  return typeof value === 'string' ? (value.replace(/^\+/, '') as Intl.StringNumericLiteral) : value;
}

/**
 * A number as `locale` reads it for its column's kind, or null when the value is no number (the
 * caller shows text, dates and booleans its own way). An identifier keeps its stored text; money
 * under a cent falls back to significant digits rather than reading 0.00.
 */
export function formatNumber(value: unknown, kind: NumberKind, locale?: Intl.LocalesArgument): string | null {
  const number = numericCell(value);
  if (number === null) return null;
  if (kind === 'identifier') return typeof number === 'string' ? number : String(number);
  if (kind === 'percent') return formatterFor(locale, 'percent').format(Number(number) / 100);
  const input = asFormatInput(number);
  if (kind === 'money') {
    const magnitude = Math.abs(Number(number));
    if (magnitude === 0 || magnitude >= 0.01) return formatterFor(locale, 'money').format(input);
  }
  return formatterFor(locale, 'measure').format(input);
}
