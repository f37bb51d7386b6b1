import { Readable } from 'node:stream';
import type pg from 'pg';
import { CopyDataTap, type DataSocket } from './copy-data-tap.ts';
import type { WireField } from './values.ts';

/** The part of pg's Connection these submittables write to (its published types lag the library). */
interface WireConnection {
  stream: { cork?: () => void; uncork?: () => void; pause(): void; resume(): void };
  parse(query: { text: string }): void;
  describe(message: { type: 'S'; name: string }): void;
  sync(): void;
  query(text: string): void;
  sendCopyFail(message: string): void;
}

/**
 * How each column is written so the COPY text is the same as what the generic export writes
 * from the converted values (values.ts). Only types whose text needs no conversion, or
 * a cheap one in SQL, are listed; a result with any other type (timestamptz, json, arrays,
 * floats…) takes the generic path, which converts those values in JS.
 */
const copyExpressions = new Map<number, (column: string) => string>([
  // bool prints t/f; the generic path writes true/false. A CASE costs the database less than ::text.
  [16, (column) => `CASE WHEN ${column} THEN 'true' WHEN NOT ${column} THEN 'false' END`],
  // numeric: the generic path prints Number(text), which drops trailing zeros (1.50 → 1.5).
  // trim_scale does the same in the database; unlike Number it keeps every digit and never
  // switches to exponent notation, so very small or very long values are written exactly.
  [1700, (column) => `trim_scale(${column})`],
  ...[
    20, // bigint: the generic path's number prints as the same digits
    21, // smallint
    23, // integer
    25, // text
    19, // name
    1042, // char(n)
    1043, // varchar
    2950, // uuid
    // Dates and times without a zone: the generic path keeps PostgreSQL's own text as well.
    1082,
    1083,
    1114,
  ].map((oid) => [oid, (column: string) => column] as const),
]);

/**
 * COPY of the user's statement with the given columns, at most `maxRows + 1` rows (one more
 * tells that the result was cut). The statement becomes a subquery whose columns are renamed by
 * position, so repeated or odd column names cannot clash; the newline before `)` ends a trailing
 * `--` comment. Answers null when a column's type is not one COPY can write like the generic path.
 */
export function copyCsvSql(sql: string, fields: readonly WireField[], maxRows: number): string | null {
  const expressions: string[] = [];
  for (const [index, field] of fields.entries()) {
    const expression = copyExpressions.get(field.dataTypeID);
    if (!expression) return null;
    expressions.push(expression(`q.c${index}`));
  }
  const aliases = fields.map((_field, index) => `c${index}`).join(', ');
  const statement = sql.replace(/[\s;]+$/, '');
  return `COPY (SELECT ${expressions.join(', ')} FROM (${statement}\n) AS q(${aliases}) LIMIT ${maxRows + 1}) TO STDOUT WITH (FORMAT csv)`;
}

/**
 * The result columns of a statement without running it: Parse and Describe, then Sync. A
 * statement with no result (an INSERT, several statements…) answers no fields or fails.
 * Passed to `client.query()`, which routes the backend's messages to the handle* methods.
 */
export class PostgresDescribe {
  readonly result: Promise<WireField[]>;
  readonly #sql: string;
  #fields: WireField[] = [];
  #resolve: (fields: WireField[]) => void = () => undefined;
  #reject: (error: Error) => void = () => undefined;

  constructor(sql: string) {
    this.#sql = sql;
    this.result = new Promise<WireField[]>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }

  submit(connection: pg.Connection): void {
    const wire = connection as unknown as WireConnection;
    wire.stream.cork?.();
    try {
      wire.parse({ text: this.#sql });
      wire.describe({ type: 'S', name: '' });
      wire.sync();
    } finally {
      wire.stream.uncork?.();
    }
  }

  handleRowDescription(message: { fields: WireField[] }): void {
    this.#fields = message.fields;
  }

  /** pg forgets the query on an error (ReadyForQuery is not passed on), so it settles here. */
  handleError(error: Error): void {
    this.#reject(error);
  }

  handleReadyForQuery(): void {
    this.#resolve(this.#fields);
  }
}

/** Bytes gathered before they are passed on: PostgreSQL sends one small message per row. */
const chunkBytes = 64 * 1024;
const crByte = 0x0d;
const lfByte = 0x0a;

/**
 * COPY … TO STDOUT read as a byte stream of CSV records with CRLF ends (RFC 4180, as the generic
 * export writes), at most `maxRows` of them. PostgreSQL sends each row as one CopyData message
 * ended by LF (the protocol promises one message per row, and COPY TO STDOUT always ends rows
 * with LF), so a record's end is its message's: the LF becomes CRLF and the record is counted
 * without reading its bytes. The one row past `maxRows` (the COPY asks for one more) is not
 * written; it only says the result was cut. Records are gathered into 64 KB chunks (a million
 * one-row pushes would cost more than the copy itself). When the reader falls behind, the socket
 * is paused, so TCP holds the server back and memory stays flat; reading resumes it. A failure
 * of the statement destroys the stream with the error.
 */
export class PostgresCopyOut {
  readonly body: Readable;
  /** Settles once the server has answered the COPY: data arrived, it ended, or it failed. */
  readonly started: Promise<void>;
  /** Records received so far. */
  rows = 0;
  /** A row beyond `maxRows` arrived: the result has more. */
  truncated = false;
  readonly #sql: string;
  readonly #maxRows: number;
  #socket: WireConnection['stream'] | null = null;
  #paused = false;
  #pending = Buffer.allocUnsafe(chunkBytes);
  #pendingBytes = 0;
  #settle: (error: Error | null) => void = () => undefined;

  constructor(sql: string, maxRows: number) {
    this.#sql = sql;
    this.#maxRows = maxRows;
    this.started = new Promise<void>((resolve, reject) => {
      this.#settle = (error) => {
        if (error) reject(error);
        else resolve();
        this.#settle = () => undefined;
      };
    });
    this.body = new Readable({
      highWaterMark: 4 * chunkBytes,
      read: () => {
        if (this.#paused) {
          this.#paused = false;
          this.#socket?.resume();
        }
      },
      destroy: (error, callback) => {
        // Nobody reads any more: let the socket flow so the connection can be ended or reused.
        if (this.#paused) {
          this.#paused = false;
          this.#socket?.resume();
        }
        callback(error);
      },
    });
    // A statement failing between two reads (a division by zero at row 2) destroys the body
    // while nobody listens: without a listener Node would throw its error out of the process.
    // The reader still gets it, from the stream's `errored` state, as its next read fails.
    this.body.on('error', () => undefined);
  }

  submit(connection: pg.Connection): void {
    const wire = connection as unknown as WireConnection;
    this.#socket = wire.stream;
    // Rows straight off the socket (copy-data-tap.ts); through handleCopyData if it cannot.
    new CopyDataTap(wire.stream as unknown as DataSocket, this.#record).attach();
    wire.query(this.#sql);
  }

  handleCopyData(message: { chunk: Buffer }): void {
    this.#record(message.chunk, 0, message.chunk.length);
  }

  /** One row, `bytes[start, end)`: a view of a buffer that is reused, so its bytes are copied now. */
  readonly #record = (bytes: Buffer, start: number, end: number): void => {
    this.#settle(null);
    if (this.rows >= this.#maxRows) {
      this.truncated = true;
      return;
    }
    const recordEnd = bytes[end - 1] === lfByte ? end - 1 : end;
    const length = recordEnd - start;
    const size = length + 2;
    if (this.#pendingBytes + size > chunkBytes) this.#flush();
    // set() of a view: about half the cost of Buffer#copy for records this small.
    const record = bytes.subarray(start, recordEnd);
    if (size > chunkBytes) {
      const whole = Buffer.allocUnsafe(size);
      whole.set(record);
      whole[length] = crByte;
      whole[length + 1] = lfByte;
      this.#push(whole);
    } else {
      const pending = this.#pending;
      let at = this.#pendingBytes;
      pending.set(record, at);
      at += length;
      pending[at++] = crByte;
      pending[at++] = lfByte;
      this.#pendingBytes = at;
    }
    this.rows += 1;
  };

  #flush(): void {
    if (this.#pendingBytes === 0) return;
    const chunk = this.#pending.subarray(0, this.#pendingBytes);
    this.#pending = Buffer.allocUnsafe(chunkBytes);
    this.#pendingBytes = 0;
    this.#push(chunk);
  }

  #push(chunk: Buffer): void {
    if (this.body.destroyed) return;
    if (!this.body.push(chunk) && !this.#paused) {
      this.#paused = true;
      this.#socket?.pause();
    }
  }

  handleCopyInResponse(connection: pg.Connection): void {
    (connection as unknown as WireConnection).sendCopyFail('COPY FROM STDIN is not supported here');
  }

  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}

  /** pg forgets the query on an error (ReadyForQuery is not passed on), so it ends here. */
  handleError(error: Error): void {
    this.#settle(error);
    this.body.destroy(error);
  }

  handleReadyForQuery(): void {
    this.#settle(null);
    this.#flush();
    this.body.push(null);
  }
}
