import { describe, expect, it } from 'vitest';
import {
  blankDetails,
  connectionDetailsSchemas,
  type Engine,
  engineDescriptors,
  engines,
  quoteIdentifier,
  quoteLiteral,
  secretDetailFields,
  sqlDialects,
} from '../src/index.ts';

/** The first problem the server would name, as `details.<field> <message>`, or the parsed details. */
function check(engine: Engine, details: Record<string, unknown>) {
  const parsed = connectionDetailsSchemas[engine].safeParse(details);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return `details.${issue?.path.join('.')} ${issue?.message}`;
}

const serviceAccount = { client_email: 'a@p.iam.gserviceaccount.com', private_key: 'KEY' };

describe('connection details derived from the descriptors', () => {
  it('names a missing or malformed field of a server engine', () => {
    expect(check('postgres', { port: '', user: 'u', database: 'd' })).toBe('details.host is required');
    expect(check('mysql', { host: ' ', user: 'u', database: 'd' })).toBe('details.host is required');
    expect(check('postgres', { host: 'h', port: '70000', user: 'u', database: 'd' })).toBe(
      'details.port must be a port number from 1 to 65535',
    );
    expect(check('mysql', { host: 'h', port: 'abc', user: 'u', database: 'd' })).toBe(
      'details.port must be a port number from 1 to 65535',
    );
  });

  it('fills default ports, trims text, keeps secrets as typed and drops unknown keys', () => {
    expect(
      check('postgres', { host: ' h ', port: '', user: 'u', database: 'd', password: ' p ', x: 1 }),
    ).toEqual({
      host: 'h',
      port: 5432,
      user: 'u',
      password: ' p ',
      database: 'd',
    });
    expect(check('mysql', { host: 'h', user: 'u', database: 'd' })).toMatchObject({ port: 3306 });
  });

  it('wants a Snowflake password or a private key', () => {
    const base = { account: 'a', user: 'u', database: 'd' };
    expect(check('snowflake', base)).toBe('details.password is required (or a private key)');
    expect(check('snowflake', { ...base, password: '', private_key: '' })).toBe(
      'details.password is required (or a private key)',
    );
    expect(check('snowflake', { ...base, private_key: 'PEM' })).toMatchObject({ private_key: 'PEM' });
    expect(check('snowflake', { ...base, password: ' ' })).toMatchObject({ password: ' ' });
  });

  it('wants a MotherDuck token and database, or a local path', () => {
    expect(check('motherduck', { database: 'd' })).toBe('details.token is required (or a path)');
    expect(check('motherduck', { token: 't', database: ' ' })).toBe(
      'details.database is required (or a path)',
    );
    expect(
      connectionDetailsSchemas.motherduck.safeParse({}).error?.issues.map((issue) => issue.path),
    ).toEqual([['token'], ['database']]);
    expect(check('motherduck', { path: '/data/x.duckdb' })).toEqual({ path: '/data/x.duckdb' });
    expect(check('motherduck', { path: '  ', token: 't' })).toBe('details.database is required (or a path)');
  });

  it('takes a BigQuery service account key as text or parsed, and stores it as text', () => {
    const message =
      'details.service_account_json must be the JSON key file of a service account (with client_email and private_key)';
    expect(check('bigquery', { project_id: 'p', service_account_json: '{"x":1}' })).toBe(message);
    expect(check('bigquery', { project_id: 'p', service_account_json: 'not json' })).toBe(message);
    expect(check('bigquery', { project_id: 'p' })).toBe('details.service_account_json is required');
    expect(check('bigquery', { project_id: 'p', service_account_json: serviceAccount })).toEqual({
      project_id: 'p',
      service_account_json: JSON.stringify(serviceAccount),
    });
  });

  it('wants a SQLite file path', () => {
    expect(check('sqlite', { filename: '  ' })).toBe('details.filename is required');
  });
});

describe('the descriptors', () => {
  it('list blank details without the alternative sign-in fields', () => {
    expect(blankDetails('snowflake')).toEqual({
      account: null,
      user: null,
      password: null,
      database: null,
      schema: null,
      role: null,
      warehouse: null,
    });
    expect(blankDetails('motherduck')).toEqual({ token: null, database: null });
  });

  it('mark every credential as a secret', () => {
    expect([...secretDetailFields].sort()).toEqual([
      'password',
      'private_key',
      'private_key_passphrase',
      'service_account_json',
      'token',
    ]);
  });

  it('register each dialect under its name, with notes that start with a unique title', () => {
    for (const engine of engines) {
      const { dialect } = engineDescriptors[engine];
      expect(sqlDialects[dialect.name]).toBe(dialect);
    }
    const titles = Object.values(sqlDialects).map((dialect) => dialect.title);
    // The offline analyst looks for them as words in the instructions.
    for (const title of titles) expect(title).toMatch(/^[A-Za-z]+$/);
    expect(new Set(titles).size).toBe(titles.length);
    for (const dialect of Object.values(sqlDialects))
      expect(dialect.analystNotes.startsWith(dialect.title)).toBe(true);
  });

  it('name only fields they declare in their sign-in rules', () => {
    for (const engine of engines) {
      const names = engineDescriptors[engine].fields.map((field) => field.name);
      for (const rule of engineDescriptors[engine].signIn) {
        for (const name of rule.oneOf.flat()) expect(names).toContain(name);
      }
    }
  });
});

describe('quoting', () => {
  const { postgres, mysql, snowflake, sqlite, bigquery, duckdb } = sqlDialects;

  it('leaves a name bare when the engine keeps it as typed', () => {
    expect(quoteIdentifier('album_id', postgres)).toBe('album_id');
    expect(quoteIdentifier('AlbumId', postgres)).toBe('"AlbumId"');
    expect(quoteIdentifier('AlbumId', sqlite)).toBe('AlbumId');
    expect(quoteIdentifier('ALBUM_ID', snowflake)).toBe('ALBUM_ID');
    expect(quoteIdentifier('album_id', snowflake)).toBe('"album_id"');
    expect(quoteIdentifier('order', mysql)).toBe('`order`');
    expect(quoteIdentifier('date', duckdb)).toBe('date');
    expect(quoteIdentifier('my table', bigquery)).toBe('`my table`');
    expect(quoteIdentifier('say "hi"', sqlite)).toBe('"say ""hi"""');
  });

  it('is more careful with SQL it writes itself', () => {
    expect(quoteIdentifier('AlbumId', mysql, 'cautious')).toBe('`AlbumId`');
    expect(quoteIdentifier('album_id', mysql, 'cautious')).toBe('album_id');
    expect(quoteIdentifier('date', duckdb, 'cautious')).toBe('"date"');
    expect(quoteIdentifier('year', snowflake, 'cautious')).toBe('"year"');
    expect(quoteIdentifier('A$B', snowflake, 'cautious')).toBe('A$B');
    expect(quoteIdentifier('a$b', postgres, 'cautious')).toBe('"a$b"');
    expect(quoteIdentifier('except', sqlite, 'cautious')).toBe('"except"');
  });

  it('quotes every name when asked to', () => {
    expect(quoteIdentifier('album', postgres, 'always')).toBe('"album"');
    expect(quoteIdentifier('a`b', bigquery, 'always')).toBe('`a``b`');
  });

  it('writes string literals the way the dialect reads them', () => {
    expect(quoteLiteral("it's", postgres)).toBe("'it''s'");
    // Doubled quotes and a backslash taken from a literal of two read the same with and without MySQL's NO_BACKSLASH_ESCAPES.
    expect(quoteLiteral("it's a\\b", mysql)).toBe("CONCAT('it''s a', LEFT('\\\\', 1), 'b')");
    expect(quoteLiteral("it's a\\b", postgres)).toBe("E'it''s a\\\\b'");
    expect(quoteLiteral('a\\b', snowflake)).toBe("'a\\\\b'");
    expect(quoteLiteral("it's", bigquery)).toBe("'it\\'s'");
    expect(quoteLiteral("it's", snowflake)).toBe("'it''s'");
  });
});
