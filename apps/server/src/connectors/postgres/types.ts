import pg from 'pg';
import { numberFromDecimalText } from '../json-values.ts';

/** Type OIDs whose text we parse ourselves (pg_type.oid values are fixed for built-in types). */
const oid = {
  int8: 20,
  numeric: 1700,
  date: 1082,
  time: 1083,
  timestamp: 1114,
  timetz: 1266,
} as const;

const keepText = (text: string): string => text;

/** pg-types keys its parsers by an enum of known OIDs; any OID is a valid lookup (unknown ones get text). */
const builtinParser = pg.types.getTypeParser as (
  typeId: number,
  format: 'text' | 'binary',
) => (text: string) => unknown;

/**
 * Value parsing for query results: big integers and decimals become numbers only when exact, and
 * dates and times without a zone stay as the database prints them — turning them into a JS Date
 * would shift them by the server process's time zone.
 */
export const postgresResultTypes = {
  getTypeParser(typeId: number, format?: 'text' | 'binary'): (text: string) => unknown {
    switch (typeId) {
      case oid.int8:
      case oid.numeric:
        return numberFromDecimalText;
      case oid.date:
      case oid.time:
      case oid.timestamp:
      case oid.timetz:
        return keepText;
      default:
        return builtinParser(typeId, format ?? 'text');
    }
  },
};

/** Names of common built-in types, as format_type() prints them, so most results need no lookup. */
const builtinTypeNames = new Map<number, string>([
  [16, 'boolean'],
  [17, 'bytea'],
  [18, '"char"'],
  [19, 'name'],
  [20, 'bigint'],
  [21, 'smallint'],
  [23, 'integer'],
  [25, 'text'],
  [26, 'oid'],
  [114, 'json'],
  [142, 'xml'],
  [700, 'real'],
  [701, 'double precision'],
  [705, 'unknown'],
  [869, 'inet'],
  [1000, 'boolean[]'],
  [1005, 'smallint[]'],
  [1007, 'integer[]'],
  [1009, 'text[]'],
  [1015, 'character varying[]'],
  [1016, 'bigint[]'],
  [1022, 'double precision[]'],
  [1042, 'character'],
  [1043, 'character varying'],
  [1082, 'date'],
  [1083, 'time without time zone'],
  [1114, 'timestamp without time zone'],
  [1184, 'timestamp with time zone'],
  [1186, 'interval'],
  [1231, 'numeric[]'],
  [1266, 'time with time zone'],
  [1700, 'numeric'],
  [2249, 'record'],
  [2950, 'uuid'],
  [3802, 'jsonb'],
]);

/** Type names by OID: built-ins from the table, others looked up once per connector and cached. */
export class PostgresTypeNames {
  readonly #cache = new Map<number, string>(builtinTypeNames);

  /** OIDs among these that still need a lookup. */
  unknown(typeIds: readonly number[]): number[] {
    return [...new Set(typeIds.filter((typeId) => !this.#cache.has(typeId)))];
  }

  async load(client: pg.ClientBase, typeIds: readonly number[]): Promise<void> {
    const missing = this.unknown(typeIds);
    if (missing.length === 0) return;
    const result = await client.query<{ oid: number; name: string }>(
      'SELECT oid::int8 AS oid, format_type(oid, NULL) AS name FROM pg_catalog.pg_type WHERE oid = ANY($1::oid[])',
      [missing],
    );
    for (const row of result.rows) this.#cache.set(row.oid, row.name);
  }

  name(typeId: number): string {
    return this.#cache.get(typeId) ?? 'unknown';
  }
}
