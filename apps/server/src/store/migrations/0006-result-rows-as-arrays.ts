import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * queries.rows: result rows become arrays of cells in the order of the record's stored `columns`
 * (as on the wire), where earlier versions stored objects keyed by column name. Rewritten in
 * batches of records, so a store with many large results is never read at once.
 *
 * Nothing is lost: a key that no stored column names (which the old writers never produced) is
 * kept as a column added at the end, with type `unknown`; a record with rows and no columns gets
 * its columns from the rows' keys. Rows already stored as arrays are left alone, which also makes
 * rerunning this after an interruption (SQLite runs it outside a transaction) safe.
 */

/** Records read per batch: each may hold up to QUERY_ROW_CAP rows. */
const batchSize = 25;

interface StoredQuery {
  id: string;
  rows: string | null;
  columns: string | null;
}

type MigrationDb = Kysely<{ queries: StoredQuery }>;

type ObjectRow = Record<string, unknown>;

/** The driver answers JSON columns as text (see connect.ts); a plain pool would parse them. */
function readJson(value: unknown): unknown {
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

function isObjectRow(value: unknown): value is ObjectRow {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function columnName(column: unknown): string | null {
  return isObjectRow(column) && typeof column.name === 'string' ? column.name : null;
}

/** What a record becomes: its rows, and its columns when keys had to be added to them. */
export interface Rewritten {
  rows: unknown[];
  columns?: unknown[];
}

/**
 * Object rows as arrays in the order of the stored columns; null when nothing changes (no object
 * rows, or columns of a shape this cannot extend). `Object.hasOwn` rather than `in`, so a column
 * named like an Object.prototype member (`constructor`) is not mistaken for a key.
 */
export function rowsToArrays(storedRows: unknown, storedColumns: unknown): Rewritten | null {
  if (!Array.isArray(storedRows) || !storedRows.some(isObjectRow)) return null;
  if (storedColumns !== null && storedColumns !== undefined && !Array.isArray(storedColumns)) return null;
  const stored: unknown[] = storedColumns ?? [];
  const names = stored.map(columnName);
  const added: { name: string; type: string }[] = [];
  const known = new Set(names);
  for (const row of storedRows) {
    if (!isObjectRow(row)) continue;
    for (const key of Object.keys(row)) {
      if (known.has(key)) continue;
      known.add(key);
      names.push(key);
      added.push({ name: key, type: 'unknown' });
    }
  }
  const rows = storedRows.map((row: unknown) =>
    isObjectRow(row)
      ? names.map((name) => (name !== null && Object.hasOwn(row, name) ? row[name] : null))
      : row,
  );
  return added.length === 0 ? { rows } : { rows, columns: [...stored, ...added] };
}

/** The reverse, for `down`: array rows keyed again by the (unique) column names. */
export function rowsToObjects(storedRows: unknown, storedColumns: unknown): Rewritten | null {
  if (!Array.isArray(storedRows) || !storedRows.some((row) => Array.isArray(row))) return null;
  const names = Array.isArray(storedColumns) ? storedColumns.map(columnName) : [];
  const rows = storedRows.map((row: unknown) =>
    Array.isArray(row)
      ? Object.fromEntries(row.map((cell: unknown, index) => [names[index] ?? `column_${index + 1}`, cell]))
      : row,
  );
  return { rows };
}

async function rewriteRows(
  db: MigrationDb,
  rewrite: (rows: unknown, columns: unknown) => Rewritten | null,
): Promise<void> {
  let after = '';
  for (;;) {
    const batch = await db
      .selectFrom('queries')
      .select(['id', 'rows', 'columns'])
      .where('rows', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    for (const record of batch) {
      const changed = rewrite(readJson(record.rows), readJson(record.columns));
      if (changed === null) continue;
      await db
        .updateTable('queries')
        .set({
          rows: JSON.stringify(changed.rows),
          ...(changed.columns === undefined ? {} : { columns: JSON.stringify(changed.columns) }),
        })
        .where('id', '=', record.id)
        .execute();
    }
    const last = batch.at(-1);
    if (last === undefined || batch.length < batchSize) return;
    after = last.id;
  }
}

export function resultRowsAsArraysMigration(): Migration {
  // Typed for the one table and columns this touches, as they are at this point of the history.
  const queriesOf = (db: Kysely<unknown>) => db as unknown as MigrationDb;
  return {
    async up(db: Kysely<unknown>) {
      await rewriteRows(queriesOf(db), rowsToArrays);
    },
    async down(db: Kysely<unknown>) {
      await rewriteRows(queriesOf(db), rowsToObjects);
    },
  };
}
