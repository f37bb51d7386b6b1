import Database from 'better-sqlite3';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';

/**
 * The SQL engine behind the Snowflake and BigQuery fakes: a private copy of the Chinook SQLite
 * file, so every answer the real client libraries receive is real data computed by a real
 * database. Each fake translates only trivial dialect details before handing SQL to it.
 */

export interface CopyColumn {
  name: string;
  /** The type the Chinook DDL declares (INTEGER, NVARCHAR(200), NUMERIC(10,2), DATETIME). */
  declaredType: string;
  notNull: boolean;
}

export interface CopyTable {
  name: string;
  columns: CopyColumn[];
  primaryKey: string[];
  foreignKeys: { name: string; columns: string[]; table: string; referenced: string[] }[];
  rowCount: number;
}

export interface CopyResult {
  /** declaredType is null for computed columns; the fakes then look at the values. */
  columns: { name: string; declaredType: string | null }[];
  rows: unknown[][];
  /** SQLite's own verdict: does the statement return rows? */
  reader: boolean;
  changes: number;
}

/** What a statement is, by its first word, for engines that report a statement type. */
export type StatementKind = 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE' | 'MERGE' | 'DDL' | 'OTHER';

export class ChinookCopy {
  readonly db: Database.Database;
  readonly #remove: () => Promise<void>;

  private constructor(db: Database.Database, remove: () => Promise<void>) {
    this.db = db;
    this.#remove = remove;
  }

  /** `attachAs`: also reachable as `<name>.Table`, the way the fake's dialect qualifies tables. */
  static async open(attachAs?: string): Promise<ChinookCopy> {
    const copy = await chinookSqliteCopy();
    const db = new Database(copy.filename);
    if (attachAs) db.prepare('ATTACH DATABASE ? AS ?').run(copy.filename, attachAs);
    return new ChinookCopy(db, copy.remove);
  }

  /** Compiles without running: what a dry run or a describe learns. Throws SQLite's own error. */
  kind(sql: string): StatementKind {
    const statement = this.db.prepare(sql);
    if (statement.reader) return 'SELECT';
    const word = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? '';
    if (word === 'INSERT' || word === 'REPLACE') return 'INSERT';
    if (word === 'UPDATE' || word === 'DELETE') return word;
    if (['CREATE', 'DROP', 'ALTER'].includes(word)) return 'DDL';
    return 'OTHER';
  }

  query(sql: string): CopyResult {
    const statement = this.db.prepare(sql);
    if (!statement.reader) {
      return { columns: [], rows: [], reader: false, changes: statement.run().changes };
    }
    const columns = statement.columns().map((column) => ({ name: column.name, declaredType: column.type }));
    const rows = statement.raw(true).all() as unknown[][];
    return { columns, rows, reader: true, changes: 0 };
  }

  tables(): CopyTable[] {
    const names = this.db
      .prepare(
        "SELECT name FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    return names.map((name) => this.#table(name));
  }

  #table(name: string): CopyTable {
    const info = this.db.prepare(`PRAGMA main.table_info("${name}")`).all() as {
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }[];
    const keys = this.db.prepare(`PRAGMA main.foreign_key_list("${name}")`).all() as {
      id: number;
      table: string;
      from: string;
      to: string;
    }[];
    const foreignKeys = new Map<number, CopyTable['foreignKeys'][number]>();
    for (const key of keys) {
      const entry = foreignKeys.get(key.id) ?? {
        name: `FK_${name}_${key.table}_${key.id}`,
        columns: [],
        table: key.table,
        referenced: [],
      };
      entry.columns.push(key.from);
      entry.referenced.push(key.to);
      foreignKeys.set(key.id, entry);
    }
    const rowCount = this.db.prepare(`SELECT count(*) FROM main."${name}"`).pluck().get() as number;
    return {
      name,
      columns: info.map((column) => ({
        name: column.name,
        declaredType: column.type,
        notNull: column.notnull === 1 || column.pk > 0,
      })),
      primaryKey: info
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name),
      foreignKeys: [...foreignKeys.values()],
      rowCount,
    };
  }

  async close(): Promise<void> {
    this.db.close();
    await this.#remove();
  }
}

/** The kind of value a computed column holds, from its first non-null cell. */
export function valueKind(rows: readonly unknown[][], index: number): 'integer' | 'real' | 'text' {
  for (const row of rows) {
    const value = row[index];
    if (value === null || value === undefined) continue;
    if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'real';
    if (typeof value === 'bigint') return 'integer';
    return 'text';
  }
  return 'text';
}

/** `NUMERIC(10,2)` → { precision: 10, scale: 2 }; null for other declared types. */
export function numericShape(declaredType: string): { precision: number; scale: number } | null {
  const match = /^(?:NUMERIC|DECIMAL)\s*\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\)/i.exec(declaredType);
  return match ? { precision: Number(match[1]), scale: Number(match[2] ?? 0) } : null;
}

/** Chinook stores DATETIME as 'YYYY-MM-DD HH:MM:SS' text in UTC. */
export function sqliteDateTimeMs(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}Z`);
}
