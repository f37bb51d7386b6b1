import type { JsonValue, ResultColumn, ResultRow } from './connector.ts';

/** Significant digits a double holds exactly; longer decimals stay strings so no digit is lost. */
const exactDigits = 15;

/**
 * Turns an exact decimal or big integer printed by the database into a number when that loses
 * nothing, else keeps the text: charts want numbers, but money must not be rounded.
 */
export function numberFromDecimalText(text: string): number | string {
  return isShortDecimal(text) ? Number(text) : decimalTextSlowly(text);
}

/**
 * The usual cell, read in one pass without a regex: an optional sign, at most 15 digits and at
 * most one point. A double holds that many digits exactly, so Number(text) is then the answer.
 */
function isShortDecimal(text: string): boolean {
  let digits = 0;
  let point = false;
  const first = text.charCodeAt(0);
  // '+' and '-'
  for (let index = first === 43 || first === 45 ? 1 : 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) digits += 1;
    else if (code === 46 && !point) point = true;
    else return false;
  }
  return digits > 0 && digits <= exactDigits;
}

function decimalTextSlowly(text: string): number | string {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return text;
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  // Whole numbers are exact up to 2^53; anything with a fraction up to 15 significant digits.
  if (fraction === '') return Number.isSafeInteger(value) ? value : text;
  const digits = `${match[2] ?? ''}${fraction}`.replace(/^0+/, '');
  return digits.length <= exactDigits ? value : text;
}

function bigintToJson(value: bigint): number | string {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : value.toString();
}

function bytesToJson(bytes: Uint8Array): string {
  // Shown like psql shows bytea, so a user recognises binary data.
  return `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;
}

/** Makes any driver value safe for JSON.stringify without losing meaning. */
export function toJsonValue(value: unknown): JsonValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // JSON has no NaN or Infinity; keep them visible as text rather than turning them into null.
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return bigintToJson(value);
    case 'undefined':
      return null;
    case 'object':
      return objectToJson(value);
    default:
      return String(value);
  }
}

function objectToJson(value: object | null): JsonValue {
  if (value === null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return bytesToJson(value);
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value instanceof Map) {
    return Object.fromEntries([...value.entries()].map(([key, item]) => [String(key), toJsonValue(item)]));
  }
  const out: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(value)) out[key] = toJsonValue(item);
  return out;
}

/** Gives repeated column names a suffix (`id`, `id_1`) so a chart or filter can name any column. */
export function uniqueColumnNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 1; taken.has(candidate); n += 1) candidate = `${name}_${n}`;
    taken.add(candidate);
    return candidate;
  });
}

/** Converts each row's cells, kept in column order. */
export function rowsFromArrays(
  columns: readonly ResultColumn[],
  arrays: readonly (readonly unknown[])[],
  convert: (value: unknown, columnIndex: number) => JsonValue = toJsonValue,
): ResultRow[] {
  const width = columns.length;
  // A plain loop: this runs once per cell of every result, where a callback per cell shows.
  return arrays.map((cells) => {
    const row: ResultRow = new Array<JsonValue>(width);
    for (let index = 0; index < width; index += 1) row[index] = convert(cells[index], index);
    return row;
  });
}
