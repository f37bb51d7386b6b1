import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Enough for every statement the app writes; statements built with lists of varying length come and go. */
const defaultCapacity = 500;

/**
 * The SQLite store's handle as Kysely sees it, with each statement prepared once and kept (the
 * least recently used dropped past `capacity`). Kysely prepares every query it runs, and SQLite's
 * prepare cost as much as running the small statements a turn of the analyst writes (about a
 * third of the store's time per step). A kept statement still sees schema changes: SQLite
 * prepares it again by itself when the schema changed. One that is busy (a row iterator still
 * open) is never handed out twice; a fresh one is prepared for the second caller.
 */
export function withStatementCache(database: Database.Database, capacity = defaultCapacity): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Moved to the end: the map's order is the order of use.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = database.prepare(sql);
      if (kept) return statement;
      statements.set(sql, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}
