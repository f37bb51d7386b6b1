import { quoteIdentifier } from '@querent/contracts';
import { describe, expect, it } from 'vitest';
import { runAllTarget, runTarget } from '../src/features/editor/run-target.ts';
import { engineSyntax } from '../src/features/editor/sql-dialects.ts';
import { findTableReferences } from '../src/features/editor/sql-references.ts';
import { splitStatements, statementAt } from '../src/features/editor/sql-statements.ts';

/** The cursor is where `|` is written; it is removed from the text. */
function at(textWithCursor: string, options = {}) {
  const cursor = textWithCursor.indexOf('|');
  const text = textWithCursor.replace('|', '');
  return statementAt(text, cursor, options)?.text ?? null;
}

describe('statement under the cursor', () => {
  it('picks the statement the cursor is in', () => {
    expect(at('SELECT 1;\nSELECT |2;\nSELECT 3;')).toBe('SELECT 2');
    expect(at('|SELECT 1; SELECT 2')).toBe('SELECT 1');
    expect(at('SELECT 1; SEL|ECT 2')).toBe('SELECT 2');
  });

  it('keeps the previous statement right after its semicolon, the next one after a line break', () => {
    expect(at('SELECT 1;|\nSELECT 2;')).toBe('SELECT 1');
    expect(at('SELECT 1;  |\nSELECT 2;')).toBe('SELECT 1');
    expect(at('SELECT 1;\n|\nSELECT 2;')).toBe('SELECT 2');
  });

  it('falls back to the last statement after the end, and to nothing in an empty text', () => {
    expect(at('SELECT 1;\nSELECT 2;\n\n|')).toBe('SELECT 2');
    expect(at('  |  ')).toBeNull();
    expect(at('-- just a comment|')).toBeNull();
  });

  it('does not split inside strings, quoted names or comments', () => {
    const text = "SELECT ';' AS a, \"x;y\" FROM t -- no; split\nWHERE b = 'it''s; fine' /* ; */;\nSELECT 2";
    expect(splitStatements(text).map((statement) => statement.text)).toEqual([
      // A comment after the last token is not part of the statement.
      "SELECT ';' AS a, \"x;y\" FROM t -- no; split\nWHERE b = 'it''s; fine'",
      'SELECT 2',
    ]);
  });

  it('reads PostgreSQL dollar quoting and MySQL backslash escapes by engine', () => {
    const body =
      'CREATE FUNCTION f() RETURNS int AS $fn$ BEGIN; RETURN 1; END $fn$ LANGUAGE plpgsql;\nSELECT |f()';
    expect(at(body, engineSyntax('postgres').scan)).toBe('SELECT f()');
    expect(splitStatements(body.replace('|', ''), engineSyntax('postgres').scan)).toHaveLength(2);
    expect(splitStatements("SELECT 'a\\';b'; SELECT 2", engineSyntax('mysql').scan)).toHaveLength(2);
    expect(splitStatements('SELECT 1 # a; comment\n; SELECT 2', engineSyntax('mysql').scan)).toHaveLength(2);
  });

  it('reads each engine the way its safe-mode tokenizer does', () => {
    expect(splitStatements('SELECT $$a;b$$; SELECT 2', engineSyntax('snowflake').scan)).toHaveLength(2);
    expect(splitStatements("SELECT 'a\\';b'; SELECT 2", engineSyntax('snowflake').scan)).toHaveLength(2);
    expect(splitStatements('SELECT 1 # a; comment\n; SELECT 2', engineSyntax('bigquery').scan)).toHaveLength(
      2,
    );
    expect(splitStatements('SELECT 1 # a; comment\n; SELECT 2', engineSyntax('postgres').scan)).toHaveLength(
      3,
    );
  });

  it('leaves the comment lines before a statement out of it', () => {
    expect(at('-- top customers\nSELECT |1')).toBe('SELECT 1');
  });
});

describe('what Run and Ctrl/Cmd+Enter run', () => {
  const text = 'SELECT 1;\nSELECT 2;';
  it('runs the selection when there is one', () => {
    expect(runTarget(text, { from: 10, to: 18 })).toBe('SELECT 2');
    expect(runAllTarget(text, { from: 0, to: 8 })).toBe('SELECT 1');
  });

  it('runs the statement under the cursor with the shortcut, everything with the button', () => {
    expect(runTarget(text, { from: 12, to: 12 })).toBe('SELECT 2');
    expect(runAllTarget(text, { from: 12, to: 12 })).toBe(text);
    expect(runAllTarget('   ', { from: 0, to: 0 })).toBeNull();
  });
});

describe('table references', () => {
  it('finds tables with their aliases, qualified names and comma joins', () => {
    const sql =
      'SELECT * FROM Track t, "Artist" ar JOIN public.album AS a ON a.id = t.album_id LEFT JOIN genre ON true WHERE x';
    expect(findTableReferences(sql)).toEqual([
      { path: ['Track'], alias: 't' },
      { path: ['Artist'], alias: 'ar' },
      { path: ['public', 'album'], alias: 'a' },
      { path: ['genre'], alias: null },
    ]);
  });

  it('skips sub-queries and never takes a keyword for an alias', () => {
    expect(findTableReferences('SELECT * FROM (SELECT 1) s JOIN orders WHERE 1=1')).toEqual([
      { path: ['orders'], alias: null },
    ]);
    expect(findTableReferences('UPDATE orders SET x = 1')).toEqual([{ path: ['orders'], alias: null }]);
  });
});

describe('identifier quoting', () => {
  it('quotes only the names the engine would not read as written', () => {
    const postgres = engineSyntax('postgres');
    expect(quoteIdentifier('album_id', postgres)).toBe('album_id');
    expect(quoteIdentifier('AlbumId', postgres)).toBe('"AlbumId"');
    expect(quoteIdentifier('order', postgres)).toBe('"order"');
    expect(quoteIdentifier('AlbumId', engineSyntax('sqlite'))).toBe('AlbumId');
    expect(quoteIdentifier('my table', engineSyntax('mysql'))).toBe('`my table`');
    expect(quoteIdentifier('say "hi"', engineSyntax('sqlite'))).toBe('"say ""hi"""');
  });
});
