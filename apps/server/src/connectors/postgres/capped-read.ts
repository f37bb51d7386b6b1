import type pg from 'pg';
import type { JsonValue, ResultRow } from '../connector.ts';
import { type CellConverter, type WireField, cellConverter } from './values.ts';

/** The part of pg's Connection a capped read writes to (its published types lag the library). */
interface WireConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parse(query: { text: string }): void;
  bind(config: { values?: (string | null)[] }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(config: { portal: string; rows: number }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

export interface CappedReadResult {
  fields: WireField[];
  /** At most `rowCap` rows; `truncated` says a row beyond them exists. */
  rows: ResultRow[];
  truncated: boolean;
  /** The first word of the command tag (SELECT, INSERT…), null when the portal was suspended. */
  command: string | null;
  /** The tag's row count (rows written by INSERT/UPDATE/DELETE…), null when it has none. */
  rowCount: number | null;
}

/** Execute's row limit is a signed 32-bit integer on the wire. */
const maxExecuteRows = 2 ** 31 - 1;

/** 'INSERT 0 5', 'UPDATE 3', 'SELECT 10', 'CREATE TABLE': the word, then the count if there is one. */
const commandTag = /^([A-Za-z]+)(?: (\d+))?(?: (\d+))?/;

/**
 * One statement read through the extended protocol with Execute limited to rowCap + 1 rows, all
 * in one round trip (Parse, Bind, Describe, Execute, Sync): the server stops at that many rows,
 * and the extra one only tells that the result was cut.
 *
 * It replaces pg's row parsing: each cell's text goes through a converter chosen once per column
 * from its type OID straight into the row, an array sized once to the column count, so no
 * intermediate objects or JS Dates are made. Column names are not needed here: the connector
 * names the columns from `fields`.
 *
 * Passed to `client.query()`, which routes the backend's messages to the handle* methods.
 */
export class PostgresCappedRead {
  readonly result: Promise<CappedReadResult>;
  readonly #sql: string;
  readonly #rowCap: number;
  readonly #values: (string | null)[];
  #fields: WireField[] = [];
  #converters: CellConverter[] = [];
  readonly #rows: ResultRow[] = [];
  #truncated = false;
  #command: string | null = null;
  #rowCount: number | null = null;
  #failure: Error | null = null;
  #resolve: (result: CappedReadResult) => void = () => undefined;
  #reject: (error: Error) => void = () => undefined;

  /** `values` fill the statement's `$n` placeholders in the Bind message, as text the server types. */
  constructor(sql: string, rowCap: number, values: readonly (string | number | null)[] = []) {
    this.#sql = sql;
    this.#rowCap = rowCap;
    this.#values = values.map((value) => (value === null ? null : String(value)));
    this.result = new Promise<CappedReadResult>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }

  submit(connection: pg.Connection): void {
    const wire = connection as unknown as WireConnection;
    // Corked, the five messages leave in one packet, as pg does for its own prepared queries.
    wire.stream.cork?.();
    try {
      wire.parse({ text: this.#sql });
      wire.bind({ values: this.#values });
      wire.describe({ type: 'P', name: '' });
      wire.execute({ portal: '', rows: Math.min(this.#rowCap + 1, maxExecuteRows) });
      wire.sync();
    } finally {
      wire.stream.uncork?.();
    }
  }

  handleRowDescription(message: { fields: WireField[] }): void {
    this.#fields = message.fields;
    this.#converters = message.fields.map((field) => cellConverter(field.dataTypeID));
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (this.#failure) return;
    if (this.#rows.length >= this.#rowCap) {
      this.#truncated = true;
      return;
    }
    const cells = message.fields;
    const converters = this.#converters;
    const width = converters.length;
    const row: ResultRow = new Array<JsonValue>(width);
    try {
      for (let index = 0; index < width; index += 1) {
        const text = cells[index];
        // Cells arrive as text; null is SQL NULL.
        row[index] = text == null ? null : (converters[index] as CellConverter)(text);
      }
    } catch (error) {
      // A value pg's parser rejects: reported once the server is done, like pg does.
      this.#failure = error instanceof Error ? error : new Error(String(error));
      return;
    }
    this.#rows.push(row);
  }

  handleCommandComplete(message: { text: string }): void {
    const match = commandTag.exec(message.text);
    if (!match) return;
    this.#command = match[1] ?? null;
    const count = match[3] ?? match[2];
    this.#rowCount = count === undefined ? null : Number(count);
  }

  handlePortalSuspended(): void {
    // The server stopped at rowCap + 1 rows, so the result is cut; Sync, already sent, ends the read.
    this.#truncated = true;
  }

  handleEmptyQuery(): void {
    // Text with no statement in it (only comments): no columns, no rows.
  }

  handleCopyInResponse(connection: pg.Connection): void {
    // COPY … FROM STDIN has no data to read here: refuse it so the server ends the statement.
    (connection as unknown as WireConnection).sendCopyFail('COPY FROM STDIN is not supported here');
  }

  handleCopyData(): void {
    // COPY … TO STDOUT data is not a result set; the statement's tag is still reported.
  }

  handleError(error: Error): void {
    this.#reject(error);
  }

  handleReadyForQuery(): void {
    if (this.#failure) {
      this.#reject(this.#failure);
      return;
    }
    this.#resolve({
      fields: this.#fields,
      rows: this.#rows,
      truncated: this.#truncated,
      command: this.#command,
      rowCount: this.#rowCount,
    });
  }
}
