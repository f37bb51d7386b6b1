import { describe, expect, it } from 'vitest';
import { formatSql } from '../src/features/editor/format-sql.ts';
import { engineSyntax } from '../src/features/editor/sql-dialects.ts';

describe('format SQL', () => {
  it("pretty-prints in the engine's dialect with upper-case keywords", () => {
    expect(formatSql('select a, b from t where x = 1', engineSyntax('postgres'))).toBe(
      'SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  x = 1',
    );
  });

  it('keeps parenthesised blocks of up to 50 characters on one line', () => {
    const inline = formatSql('select coalesce(a, b, c) from t', engineSyntax('sqlite'));
    expect(inline).toContain('coalesce(a, b, c)');
    const long = formatSql(
      `select coalesce(${'column_name_number_one, '.repeat(3)}x) from t`,
      engineSyntax('sqlite'),
    );
    expect(long).toContain('coalesce(\n');
    // A sub-query always gets its own lines, however short.
    expect(formatSql('select * from t where id in (select id from u)', engineSyntax('sqlite'))).toContain(
      '(\n',
    );
  });

  it('reads each engine’s own syntax', () => {
    expect(formatSql('select $1::int, $tag$ a;b $tag$', engineSyntax('postgres'))).toContain(
      '$tag$ a;b $tag$',
    );
    expect(formatSql('select `a b` from `t`', engineSyntax('mysql'))).toContain('`a b`');
    expect(() => formatSql('select (', engineSyntax('postgres'))).toThrow();
  });
});
