import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';

/*
 * The held-out sample databases are committed as SQL text (small, readable in a diff) and built
 * into SQLite files on first use: a set names `…/hr.sqlite`, and when that file is missing but
 * `…/hr.sql` sits beside it, the file is built from it. It is written under another name and
 * renamed, so suites that start at once never open a half-built file.
 */

/** The SQL source a missing SQLite file is built from, or null when there is none. */
export function sqlSourceOf(file: string): string | null {
  if (!/\.sqlite$/i.test(file)) return null;
  const source = file.replace(/\.sqlite$/i, '.sql');
  return existsSync(source) ? source : null;
}

/** Builds `file` from its SQL source when it is missing; true when it exists afterwards. */
export function ensureSampleDatabase(file: string): boolean {
  if (existsSync(file)) return true;
  const source = sqlSourceOf(file);
  if (source === null) return false;
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  const db = new Database(partial);
  try {
    // A dump lists its tables in any order; the keys are checked once everything is loaded.
    db.pragma('foreign_keys = OFF');
    db.exec(readFileSync(source, 'utf8'));
    const broken = db.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0) throw new Error(`${broken.length} rows break a foreign key`);
  } catch (error) {
    db.close();
    rmSync(partial, { force: true });
    throw new Error(
      `Could not build ${file} from ${source}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  db.close();
  renameSync(partial, file);
  return true;
}
