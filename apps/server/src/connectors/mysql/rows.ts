import type { FieldPacket, PoolConnection, Query, QueryError } from 'mysql2';
import type { JsonValue, ResultColumn } from '../connector.ts';
import { numberFromDecimalText, toJsonValue, uniqueColumnNames } from '../json-values.ts';

/**
 * Reads a MySQL result a batch at a time. MySQL pushes rows without being asked, so the socket
 * is paused whenever a batch is buffered: memory stays bounded however large the result.
 */
export class MysqlRowReader {
  readonly #connection: PoolConnection;
  readonly #highWater: number;
  #rows: unknown[][] = [];
  #fields: FieldPacket[] | null = null;
  #affectedRows: number | null = null;
  #ended = false;
  #error: QueryError | null = null;
  #paused = false;
  #wake: (() => void) | null = null;

  /** `values` fill the statement's `?` placeholders, escaped by the driver as values, never as SQL. */
  constructor(
    connection: PoolConnection,
    sql: string,
    highWater: number,
    values: readonly (string | number | null)[] = [],
  ) {
    this.#connection = connection;
    this.#highWater = Math.max(1, highWater);
    const query: Query = connection.query({ sql, rowsAsArray: true, values: [...values] });
    query.on('fields', (fields: FieldPacket[] | FieldPacket | undefined) => {
      // A write answers no columns: the driver then tells `undefined` when values were bound.
      if (fields === undefined) return;
      // Only the first result set's columns count; a second one (CALL) is ignored.
      this.#fields ??= Array.isArray(fields) ? fields : [fields];
    });
    query.on('result', (row: unknown) => {
      if (Array.isArray(row)) {
        this.#rows.push(row);
        if (this.#rows.length >= this.#highWater && !this.#paused) {
          this.#paused = true;
          this.#connection.pause();
        }
      } else {
        const affected = (row as { affectedRows?: unknown }).affectedRows;
        if (typeof affected === 'number') this.#affectedRows = affected;
      }
      this.#notify();
    });
    // A connection lost mid-statement (KILL CONNECTION, a restart, the network) is told to the
    // connection, not to a query read through events: without this the read would wait forever.
    const lost = (error: QueryError) => {
      this.#error ??= error;
      this.#notify();
    };
    connection.on('error', lost);
    const done = () => connection.removeListener('error', lost);
    query.on('error', (error: QueryError) => {
      done();
      this.#error = error;
      this.#notify();
    });
    query.on('end', () => {
      done();
      this.#ended = true;
      this.#notify();
    });
  }

  get fields(): FieldPacket[] {
    return this.#fields ?? [];
  }

  get affectedRows(): number | null {
    return this.#affectedRows;
  }

  /** True once every row arrived: nothing is left running on the server. */
  get finished(): boolean {
    return this.#ended || this.#error !== null;
  }

  /** Up to `count` rows; fewer only at the end. Throws the server's error. */
  async read(count: number): Promise<unknown[][]> {
    while (this.#rows.length < count && !this.#ended && !this.#error) {
      if (this.#paused) {
        // resume() hands over queued packets synchronously; look again before waiting.
        this.#paused = false;
        this.#connection.resume();
        continue;
      }
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
    if (this.#error) throw this.#error;
    const batch = this.#rows.splice(0, count);
    return batch;
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }
}

/** MySQL protocol type codes to the names a user knows from DDL. */
const typeNames = new Map<number, string>([
  [0x00, 'decimal'],
  [0x01, 'tinyint'],
  [0x02, 'smallint'],
  [0x03, 'int'],
  [0x04, 'float'],
  [0x05, 'double'],
  [0x06, 'null'],
  [0x07, 'timestamp'],
  [0x08, 'bigint'],
  [0x09, 'mediumint'],
  [0x0a, 'date'],
  [0x0b, 'time'],
  [0x0c, 'datetime'],
  [0x0d, 'year'],
  [0x0e, 'date'],
  [0x0f, 'varchar'],
  [0x10, 'bit'],
  [0xf5, 'json'],
  [0xf6, 'decimal'],
  [0xf7, 'enum'],
  [0xf8, 'set'],
  [0xf9, 'tinyblob'],
  [0xfa, 'mediumblob'],
  [0xfb, 'longblob'],
  [0xfc, 'blob'],
  [0xfd, 'varchar'],
  [0xfe, 'char'],
  [0xff, 'geometry'],
]);
const decimalTypes = new Set([0x00, 0xf6, 0x08]);
const binaryCharset = 63;
const textForBinary: Record<string, string> = {
  tinyblob: 'tinytext',
  mediumblob: 'mediumtext',
  longblob: 'longtext',
  blob: 'text',
};

function typeName(field: FieldPacket): string {
  const code = field.columnType ?? field.type ?? -1;
  const name = typeNames.get(code) ?? 'unknown';
  if (field.characterSet === binaryCharset) {
    if (name === 'varchar') return 'varbinary';
    if (name === 'char') return 'binary';
    return name;
  }
  return textForBinary[name] ?? name;
}

export function mysqlColumns(fields: readonly FieldPacket[]): ResultColumn[] {
  const names = uniqueColumnNames(fields.map((field) => field.name));
  return fields.map((field, index) => ({ name: names[index] ?? field.name, type: typeName(field) }));
}

/** DECIMAL and big BIGINT come as text (exact); they become numbers only when nothing is lost. */
export function mysqlCellConverter(
  fields: readonly FieldPacket[],
): (value: unknown, index: number) => JsonValue {
  const exact = fields.map((field) => decimalTypes.has(field.columnType ?? field.type ?? -1));
  return (value, index) =>
    typeof value === 'string' && exact[index] ? numberFromDecimalText(value) : toJsonValue(value);
}
