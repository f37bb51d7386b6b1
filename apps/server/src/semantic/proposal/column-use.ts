import type { ColumnFamily } from '@querent/contracts';
import { looksTemporal } from '../../modules/quality/scan/column-roles.ts';
import type { ColumnProfileFacts } from './column-profiles.ts';
import type { NameReading } from './name-reading.ts';

/*
 * What a column is good for in the model, read from its type, its name's words and, for text, its
 * profile. Numbers are measures unless their name says they identify, locate, order or date
 * something (ids, codes, postal codes, phone numbers, years, flags): adding those up means nothing.
 */

export type ColumnUse =
  | { kind: 'time' }
  | { kind: 'boolean' }
  | { kind: 'category'; samples: string[] }
  /** A number people group by but never add: a year, a month. */
  | { kind: 'number' }
  | {
      kind: 'measure';
      /** Adding it up means something (amounts, quantities); not for rates, ratios, scores. */
      additive: boolean;
      /** Its average is worth asking for: prices, rates, durations. */
      averaged: boolean;
      /** Money or quantity: worth a metric of its own. */
      money: boolean;
    }
  | { kind: 'none' };

/** Text columns with at most this many distinct values are categories. */
export const MAX_CATEGORY_VALUES = 50;
/** Sample values a categorical dimension keeps. */
const MAX_SAMPLES = 25;

const identifying = new Set([
  'id',
  'identifier',
  'key',
  'code',
  'number',
  'reference',
  'uuid',
  'guid',
  'sku',
  'ean',
  'upc',
  'isbn',
  'zip',
  'zipcode',
  'postcode',
  'phone',
  'telephone',
  'fax',
  'mobile',
  'ssn',
  'pin',
  'hash',
  'checksum',
  'version',
  'sequence',
  'index',
  'position',
  'rank',
  'sort',
  'order',
  'latitude',
  'longitude',
]);
const contactOrFreeText = new Set([
  'email',
  'mail',
  'url',
  'uri',
  'link',
  'phone',
  'telephone',
  'fax',
  'mobile',
  'address',
  'street',
  'postal',
  'zip',
  'zipcode',
  'postcode',
  'description',
  'comment',
  'note',
  'text',
  'body',
  'message',
  'password',
  'token',
  'json',
  'html',
  'xml',
  'path',
  'image',
  'photo',
  'picture',
]);
// Words that identify or locate wherever they stand in a number's name ("zip_plus4", "phone_ext").
const locating = new Set([
  'zip',
  'zipcode',
  'postcode',
  'postal',
  'phone',
  'telephone',
  'fax',
  'mobile',
  'ssn',
  'uuid',
  'guid',
  'latitude',
  'longitude',
]);
const flagFirst = new Set(['is', 'has', 'can', 'should', 'was', 'allow', 'allows']);
const flagLast = new Set(['flag', 'yn', 'active', 'enabled', 'deleted', 'archived']);
const numericKinds = new Set(['status', 'type', 'category', 'kind', 'class', 'gender']);
const calendarParts = new Set(['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute']);
const categoryWords = new Set([
  'status',
  'state',
  'type',
  'kind',
  'category',
  'class',
  'group',
  'segment',
  'tier',
  'country',
  'region',
  'city',
  'province',
  'territory',
  'county',
  'continent',
  'gender',
  'sex',
  'channel',
  'source',
  'medium',
  'currency',
  'language',
  'locale',
  'method',
  'mode',
  'brand',
  'department',
  'genre',
  'role',
  'stage',
  'priority',
  'color',
  'colour',
  'size',
  'format',
  'platform',
  'device',
  'plan',
  'reason',
]);
const nameWords = new Set([
  'name',
  'title',
  'label',
  'company',
  'vendor',
  'supplier',
  'manufacturer',
  'publisher',
]);
const temporalLast = new Set(['date', 'time', 'timestamp', 'datetime', 'at', 'on']);
const nonAdditive = new Set([
  'rate',
  'ratio',
  'percent',
  'percentage',
  'score',
  'rating',
  'age',
  'temperature',
]);
const averagedWords = new Set([
  ...nonAdditive,
  'price',
  'duration',
  'millisecond',
  'milliseconds',
  'second',
  'seconds',
  'minutes',
  'hours',
  'days',
  'weight',
]);
const moneyWords = new Set([
  'amount',
  'total',
  'subtotal',
  'price',
  'revenue',
  'cost',
  'sales',
  'sale',
  'quantity',
  'tax',
  'fee',
  'profit',
  'spend',
  'income',
  'payment',
  'discount',
  'freight',
  'charge',
]);

function isFlag(words: readonly string[]): boolean {
  const first = words[0] ?? '';
  const last = words.at(-1) ?? '';
  return (words.length > 1 && flagFirst.has(first)) || flagLast.has(last);
}

/** A date or time kept as text (SQLite): named like one, in any naming style. */
function namedLikeTime(name: string, words: readonly string[]): boolean {
  const last = words.at(-1) ?? '';
  return looksTemporal(name) || temporalLast.has(last) || (words[0] === 'date' && words[1] === 'of');
}

function numberUse(name: string, reading: NameReading): ColumnUse {
  const { words } = reading;
  const last = words.at(-1) ?? '';
  // "num_items", "number_of_orders": a count, which adds up; "invoice_number" identifies.
  const counting = words.length > 1 && (words[0] === 'number' || words[0] === 'count');
  // Flags and coded kinds ("is_return", "status_code", "customer_type_id") are grouped by.
  if (isFlag(words) || words.some((word) => numericKinds.has(word))) return { kind: 'category', samples: [] };
  // The last word says what a number is ("key_account_revenue" is revenue, "store_key" a key).
  if (!counting && (identifying.has(last) || words.some((word) => locating.has(word))))
    return { kind: 'none' };
  // "birth_year" is grouped by; "lead_time_days", in the plural, is a duration.
  if (calendarParts.has(last)) return { kind: 'number' };
  // A moment kept as a number ("created_at" in epoch seconds) adds up to nothing, and is no date
  // until converted.
  if (namedLikeTime(name, words)) return { kind: 'none' };
  return {
    kind: 'measure',
    additive: !words.some((word) => nonAdditive.has(word)),
    averaged: words.some((word) => averagedWords.has(word)),
    money: words.some((word) => moneyWords.has(word)),
  };
}

function textUse(reading: NameReading, profile: ColumnProfileFacts | null): ColumnUse {
  const { words } = reading;
  const last = words.at(-1) ?? '';
  if (words.some((word) => contactOrFreeText.has(word))) return { kind: 'none' };
  // The most frequent values, whatever their number: they are what questions name ("sales in Paris").
  const samples = (profile?.topValues ?? []).filter((value) => value.length <= 200).slice(0, MAX_SAMPLES);
  const distinct = profile?.distinctCount ?? null;
  if (distinct !== null && distinct > 0 && distinct <= MAX_CATEGORY_VALUES)
    return { kind: 'category', samples };
  // Identifiers and codes with many values are looked up, not grouped by.
  if (identifying.has(last)) return { kind: 'none' };
  // Names and titles are what people group by ("sales by artist"), however many there are.
  if (nameWords.has(last) || words.some((word) => categoryWords.has(word))) {
    return { kind: 'category', samples };
  }
  return { kind: 'none' };
}

/** The use of a column that is neither a key nor a reference of its table. */
export function columnUse(input: {
  name: string;
  family: ColumnFamily;
  reading: NameReading;
  profile: ColumnProfileFacts | null;
}): ColumnUse {
  const { family, reading } = input;
  if (family === 'boolean') return { kind: 'boolean' };
  if (family === 'temporal') return { kind: 'time' };
  if (family === 'number') return numberUse(input.name, reading);
  if (family === 'text') {
    return namedLikeTime(input.name, reading.words) ? { kind: 'time' } : textUse(reading, input.profile);
  }
  return { kind: 'none' };
}
