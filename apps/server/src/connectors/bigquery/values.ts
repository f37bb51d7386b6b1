import type { JsonValue, ResultColumn } from '../connector.ts';
import { numberFromDecimalText, toJsonValue, uniqueColumnNames } from '../json-values.ts';

/**
 * BigQuery's REST rows (`{f: [{v}]}`, every scalar a string) turned into JSON cells by the
 * result's schema. Reading the raw cells rather than the client's row objects keeps repeated
 * column names apart and big numbers exact.
 */

export interface BigQueryField {
  name?: string;
  type?: string;
  mode?: string;
  description?: string;
  fields?: BigQueryField[];
}

interface RawCell {
  v?: unknown;
}

/** The API still speaks legacy type names; users write GoogleSQL ones. */
const sqlTypeNames: Record<string, string> = {
  INTEGER: 'INT64',
  FLOAT: 'FLOAT64',
  BOOLEAN: 'BOOL',
  RECORD: 'STRUCT',
};

export function bigQueryTypeName(field: BigQueryField): string {
  const base = field.type ?? 'UNKNOWN';
  const type = sqlTypeNames[base] ?? base;
  return field.mode === 'REPEATED' ? `ARRAY<${type}>` : type;
}

export function describeFields(fields: readonly BigQueryField[]): {
  columns: ResultColumn[];
  convert: (row: unknown) => JsonValue[];
} {
  const names = uniqueColumnNames(fields.map((field) => field.name ?? ''));
  const columns = fields.map((field, index) => ({ name: names[index] ?? '', type: bigQueryTypeName(field) }));
  return { columns, convert: (row) => convertRecord(fields, row) };
}

function convertRecord(fields: readonly BigQueryField[], row: unknown): JsonValue[] {
  const cells = (row as { f?: RawCell[] } | null)?.f ?? [];
  return fields.map((field, index) => convertField(field, cells[index]?.v));
}

function convertField(field: BigQueryField, value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (field.mode === 'REPEATED' && Array.isArray(value)) {
    return value.map((item: RawCell) => convertScalarOrRecord(field, item.v));
  }
  return convertScalarOrRecord(field, value);
}

function convertScalarOrRecord(field: BigQueryField, value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (field.type === 'RECORD' || field.type === 'STRUCT') {
    const subFields = field.fields ?? [];
    const cells = convertRecord(subFields, value);
    return Object.fromEntries(
      subFields.map((sub, index) => [sub.name ?? String(index), cells[index] ?? null]),
    );
  }
  if (typeof value !== 'string') return toJsonValue(value);
  switch (field.type) {
    case 'INTEGER':
    case 'INT64':
    case 'NUMERIC':
    case 'BIGNUMERIC':
      return numberFromDecimalText(value);
    case 'FLOAT':
    case 'FLOAT64':
      return toJsonValue(Number(value));
    case 'BOOLEAN':
    case 'BOOL':
      return value === 'true';
    case 'TIMESTAMP':
      return timestampText(value);
    case 'JSON':
      return parseJson(value);
    default:
      return value;
  }
}

/** Microseconds since the epoch (formatOptions.useInt64Timestamp) as ISO 8601 UTC, keeping microseconds. */
function timestampText(value: string): string {
  if (!/^-?\d+$/.test(value)) {
    const seconds = Number(value);
    return Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : value;
  }
  const micros = BigInt(value);
  const remainder = ((micros % 1000n) + 1000n) % 1000n;
  const iso = new Date(Number((micros - remainder) / 1000n)).toISOString();
  return remainder === 0n ? iso : iso.replace('Z', `${String(remainder).padStart(3, '0')}Z`);
}

function parseJson(value: string): JsonValue {
  try {
    return toJsonValue(JSON.parse(value));
  } catch {
    return value;
  }
}
