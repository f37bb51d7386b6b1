import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { TableSchema } from '../connector.ts';
import type { HostReply, HostRequest, OpenTarget } from './protocol.ts';

/**
 * A child process that runs SQLite statements for the SQLite connector. better-sqlite3 blocks
 * its thread until a statement ends and has no interrupt, and a worker thread cannot be stopped
 * while native code runs; a process can be killed at once. So a statement runs here, and a
 * cancel or time limit kills this process: the statement really stops.
 */

const handles = new Map<string, Database.Database>();
let active: { statement: Database.Statement; iterator: IterableIterator<unknown[]> } | null = null;

function send(reply: HostReply): void {
  process.send?.(reply);
}

function open({ filename, readOnly }: OpenTarget): Database.Database {
  const key = `${readOnly ? 'ro' : 'rw'}:${filename}`;
  let db = handles.get(key);
  if (!db) {
    // Safe mode: a read-only handle, and query_only on top so not even a pragma can write.
    db = new Database(filename, { readonly: readOnly, fileMustExist: true });
    if (readOnly) db.pragma('query_only = ON');
    db.defaultSafeIntegers(true);
    handles.set(key, db);
  }
  return db;
}

function nextBatch(batchSize: number): HostReply {
  if (!active) return { type: 'error', message: 'No statement is open', code: null };
  const rows: unknown[][] = [];
  let done = false;
  while (rows.length < batchSize) {
    const step = active.iterator.next();
    if (step.done) {
      done = true;
      break;
    }
    rows.push(step.value);
  }
  const columns = active.statement.columns().map((column) => ({ name: column.name, type: column.type }));
  if (done) active = null;
  return { type: 'batch', columns, rows, done, affectedRows: null };
}

function openStatement(request: Extract<HostRequest, { type: 'open' }>): HostReply {
  closeActive();
  const statement = open(request).prepare(request.sql);
  const params = request.params ?? [];
  if (!statement.reader) {
    const info = statement.run(...params);
    return { type: 'batch', columns: [], rows: [], done: true, affectedRows: info.changes };
  }
  statement.raw(true);
  active = { statement, iterator: statement.iterate(...params) as IterableIterator<unknown[]> };
  return nextBatch(request.batchSize);
}

function closeActive(): void {
  active?.iterator.return?.();
  active = null;
}

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number | bigint;
  pk: number | bigint;
}
interface ForeignKeyInfo {
  id: number | bigint;
  table: string;
  from: string;
  to: string | null;
}

function introspect(request: Extract<HostRequest, { type: 'introspect' }>): HostReply {
  const db = open(request);
  // Counting is a full scan in SQLite; only small files get exact counts, others none.
  const countRows = statSync(request.filename).size < request.countRowsBelowBytes;
  const objects = db
    .prepare<[], { name: string; type: string }>(
      "SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .safeIntegers(false)
    .all();
  const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;
  const tables: TableSchema[] = objects.map(({ name, type }) => {
    const columns = db.prepare<[string], ColumnInfo>('SELECT * FROM pragma_table_info(?)').all(name);
    const foreignKeys = db
      .prepare<[string], ForeignKeyInfo>('SELECT * FROM pragma_foreign_key_list(?)')
      .all(name);
    const byId = new Map<string, TableSchema['foreignKeys'][number]>();
    for (const key of foreignKeys) {
      const id = String(key.id);
      const entry = byId.get(id) ?? {
        name: null,
        columns: [],
        references: { schema: 'main', table: key.table, columns: [] },
      };
      entry.columns.push(key.from);
      if (key.to) entry.references.columns.push(key.to);
      byId.set(id, entry);
    }
    const rowCount =
      type === 'table' && countRows
        ? db.prepare<[], { n: number | bigint }>(`SELECT count(*) AS n FROM ${quote(name)}`).get()?.n
        : undefined;
    return {
      name,
      kind: type === 'view' ? 'view' : 'table',
      comment: null,
      rowEstimate: rowCount === undefined ? null : Number(rowCount),
      columns: columns.map((column) => ({
        name: column.name,
        type: column.type || 'any',
        nullable: Number(column.notnull) === 0 && Number(column.pk) === 0,
        comment: null,
      })),
      primaryKey: columns
        .filter((column) => Number(column.pk) > 0)
        .sort((a, b) => Number(a.pk) - Number(b.pk))
        .map((column) => column.name),
      foreignKeys: [...byId.values()],
    };
  });
  return { type: 'schema', schema: { schemas: [{ name: 'main', tables }] } };
}

function handle(request: HostRequest): HostReply {
  switch (request.type) {
    case 'open':
      return openStatement(request);
    case 'next':
      return nextBatch(request.batchSize);
    case 'close':
      closeActive();
      return { type: 'closed' };
    case 'introspect':
      closeActive();
      return introspect(request);
  }
}

process.on('message', (message: HostRequest) => {
  try {
    send(handle(message));
  } catch (error) {
    const record = error as { message?: unknown; code?: unknown };
    send({
      type: 'error',
      message: typeof record.message === 'string' ? record.message : String(error),
      code: typeof record.code === 'string' ? record.code : null,
    });
  }
});
// The connector owns this process: when it goes away, so do we.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
