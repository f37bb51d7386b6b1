import Database from 'better-sqlite3';
import type { Generated } from 'kysely';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from '../../src/store/sqlite-statement-cache.ts';

const opened: Database.Database[] = [];
afterEach(() => {
  for (const database of opened.splice(0)) if (database.open) database.close();
});

function memoryDatabase(): Database.Database {
  const database = new Database(':memory:');
  opened.push(database);
  database.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  return database;
}

describe('the SQLite store statement cache', () => {
  it('prepares a statement once and hands the same one out again', () => {
    const cached = withStatementCache(memoryDatabase());
    const first = cached.prepare('SELECT * FROM items WHERE id = ?');
    expect(cached.prepare('SELECT * FROM items WHERE id = ?')).toBe(first);
    expect(cached.prepare('SELECT * FROM items WHERE name = ?')).not.toBe(first);
  });

  it('drops the least recently used statement past its capacity', () => {
    const cached = withStatementCache(memoryDatabase(), 2);
    const a = cached.prepare('SELECT 1');
    const b = cached.prepare('SELECT 2');
    // Using `a` again makes `b` the oldest: the third statement pushes `b` out, not `a`.
    expect(cached.prepare('SELECT 1')).toBe(a);
    cached.prepare('SELECT 3');
    expect(cached.prepare('SELECT 1')).toBe(a);
    expect(cached.prepare('SELECT 2')).not.toBe(b);
  });

  it('never hands out a statement whose rows are still being read', () => {
    const database = memoryDatabase();
    database.exec("INSERT INTO items (name) VALUES ('a'), ('b')");
    const cached = withStatementCache(database);
    const reading = cached.prepare('SELECT name FROM items ORDER BY id');
    const rows = reading.iterate([]);
    expect(rows.next().value).toEqual({ name: 'a' });
    const second = cached.prepare('SELECT name FROM items ORDER BY id');
    expect(second).not.toBe(reading);
    expect(second.all([])).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(rows.next().value).toEqual({ name: 'b' });
    expect(rows.next().done).toBe(true);
    expect(cached.prepare('SELECT name FROM items ORDER BY id')).toBe(reading);
  });

  it('runs Kysely queries with kept statements, through schema changes, and closes the database', async () => {
    const database = memoryDatabase();
    const db = new Kysely<{ items: { id: Generated<number>; name: string; note?: string | null } }>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
    });
    const names = () => db.selectFrom('items').selectAll().orderBy('id').execute();
    await db.insertInto('items').values({ name: 'a' }).execute();
    await db.insertInto('items').values({ name: 'b' }).execute();
    expect(await names()).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    // The kept `SELECT *` sees the new column: SQLite prepares it again after a schema change.
    await sql`ALTER TABLE items ADD COLUMN note TEXT`.execute(db);
    expect(await names()).toEqual([
      { id: 1, name: 'a', note: null },
      { id: 2, name: 'b', note: null },
    ]);
    await db.destroy();
    expect(database.open).toBe(false);
  });
});
