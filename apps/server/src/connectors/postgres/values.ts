import pg from 'pg';
import type { JsonValue } from '../connector.ts';
import { numberFromDecimalText, toJsonValue } from '../json-values.ts';

/** Turns one cell's text, as PostgreSQL prints it, into the JSON value a result carries. */
export type CellConverter = (text: string) => JsonValue;

/** The column part of a RowDescription message, as pg-protocol parses it. */
export interface WireField {
  name: string;
  dataTypeID: number;
}

/** pg-types keys its parsers by an enum of known OIDs; any OID is a valid lookup (unknown ones get text). */
const builtinParser = pg.types.getTypeParser as (
  typeId: number,
  format: 'text' | 'binary',
) => (text: string) => unknown;

/**
 * pg-types answers one shared pass-through function for every OID it has no parser for (text,
 * varchar, uuid, enums…); OID 0 is never a type, so its answer is that function.
 */
const passThroughParser = builtinParser(0, 'text');

const keepText = (text: string): string => text;
const integer: CellConverter = (text) => Number(text);
const boolean: CellConverter = (text) => text === 't';

/**
 * bigint: PostgreSQL prints it as plain digits, so Number() is exact whenever the value is a safe
 * integer — one call instead of reading each digit; beyond that, numberFromDecimalText decides.
 */
const bigint: CellConverter = (text) => {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : numberFromDecimalText(text);
};

/**
 * numeric: printed as plain decimal digits (or NaN/±Infinity, which stay text). Up to 15
 * characters hold at most 15 digits, which a double keeps exactly; longer ones are checked.
 */
const numeric: CellConverter = (text) => {
  if (text.length <= 15) {
    const value = Number(text);
    if (Number.isFinite(value)) return value;
  }
  return numberFromDecimalText(text);
};

/** JSON has no NaN or Infinity: PostgreSQL's 'NaN' and 'Infinity' stay visible as text. */
const float: CellConverter = (text) => {
  const value = Number(text);
  return Number.isFinite(value) ? value : text;
};

/** pg's own parser, then the same ISO text a JS Date prints: other zones, BC, infinity… */
function timestamptzThroughDate(text: string): JsonValue {
  return toJsonValue(builtinParser(1184, 'text')(text));
}

/**
 * Whether the text is 'YYYY-MM-DD HH:MM:SS[.f…]+00', how a UTC session prints timestamptz in
 * ISO DateStyle. The separators at their fixed places tell it apart from every other form
 * PostgreSQL prints (five-digit years, BC, infinity, other offsets, other DateStyles) without
 * reading each digit: this runs once per cell, and a loop or a regex showed in profiles.
 */
function isUtcTimestamp(text: string): boolean {
  const length = text.length;
  // 19 characters, then no fraction or a point and 1 to 6 digits, then +00.
  if (length < 22 || length === 23 || length > 29) return false;
  return (
    text.charCodeAt(4) === 45 && // -
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(10) === 32 && // space
    text.charCodeAt(13) === 58 && // :
    text.charCodeAt(16) === 58 &&
    (length === 22 || text.charCodeAt(19) === 46) && // .
    text.endsWith('+00')
  );
}

/**
 * timestamptz as ISO text with milliseconds, exactly as the Date route prints it (the fraction
 * cut to whole milliseconds the same way), without building a Date for the usual UTC form.
 */
export const timestamptzToJson: CellConverter = (text) => {
  if (!isUtcTimestamp(text)) return timestamptzThroughDate(text);
  // Plain concatenation: cheaper here than a template literal with padStart, which shows per cell.
  const dateAndTime = text.slice(0, 10) + 'T' + text.slice(11, 19);
  if (text.length === 22) return dateAndTime + '.000Z';
  const ms = Math.trunc(1000 * Number.parseFloat(text.slice(19, -3)));
  return dateAndTime + (ms < 10 ? '.00' : ms < 100 ? '.0' : '.') + String(ms) + 'Z';
};

/** Type OIDs converted here (pg_type.oid values are fixed for built-in types). */
const converters = new Map<number, CellConverter>([
  [16, boolean],
  [20, bigint], // a number when exact, else its digits
  [21, integer],
  [23, integer],
  [26, integer], // oid
  [700, float],
  [701, float],
  [1700, numeric],
  // Dates and times without a zone stay as printed: a JS Date would shift them by our time zone.
  [1082, keepText],
  [1083, keepText],
  [1114, keepText],
  [1266, keepText],
  [1184, timestamptzToJson],
]);

/**
 * The converter for a column, chosen once per result from its type OID, so each cell costs one
 * call: text types are kept as they are, the rest go through pg's parser and then toJsonValue.
 */
export function cellConverter(typeId: number): CellConverter {
  const own = converters.get(typeId);
  if (own) return own;
  const parser = builtinParser(typeId, 'text');
  if (parser === passThroughParser) return keepText;
  return (text) => toJsonValue(parser(text));
}

/** pg's type options that leave every cell as the text the server sent, for cellConverter to read. */
export const cellsAsText = {
  getTypeParser(_typeId: number, _format?: 'text' | 'binary'): (text: string) => string {
    return keepText;
  },
};

/** A rowsFromArrays converter for cells read with cellsAsText: one converter per column. */
export function textCellConverter(
  fields: readonly WireField[],
): (value: unknown, columnIndex: number) => JsonValue {
  const converters = fields.map((field) => cellConverter(field.dataTypeID));
  return (value, columnIndex) => {
    const converter = converters[columnIndex];
    return typeof value === 'string' && converter ? converter(value) : null;
  };
}
