import { describe, expect, it } from 'vitest';
import type { SqlDialect } from '../../src/connectors/connector.ts';
import { classifyStatement } from '../../src/connectors/statement-classifier.ts';

const dialects = ['postgres', 'mysql', 'sqlite', 'duckdb'] as const satisfies readonly SqlDialect[];
type Dialect = (typeof dialects)[number];

const kind = (sql: string, dialect: Dialect) => classifyStatement(sql, dialect).kind;

/** Reads every dialect accepts. */
const portableReads = [
  'SELECT 1',
  'select * from t',
  'SeLeCt a, b FrOm t WhErE a = 1',
  'SELECT a FROM t;',
  'SELECT a FROM t ;  -- trailing comment',
  '/* leading */ SELECT 1',
  'SELECT count(*) FROM t GROUP BY a HAVING count(*) > 1 ORDER BY 1 LIMIT 5',
  'SELECT * FROM a JOIN b ON a.id = b.a_id LEFT JOIN c ON c.id = b.c_id',
  'SELECT * FROM t WHERE x IN (SELECT y FROM u)',
  'SELECT 1 UNION ALL SELECT 2',
  'WITH x AS (SELECT 1 AS a) SELECT a FROM x',
  "SELECT ';' AS semicolon",
  "SELECT 'DELETE FROM t; DROP TABLE t' AS text",
  "SELECT 'it''s' AS quoted",
  "SELECT replace(name, 'a', 'b') FROM t",
  'SELECT "delete" FROM t',
  'SELECT a -- ; DELETE FROM t\nFROM t',
  'SELECT a /* ; DELETE FROM t */ FROM t',
  'SELECT CASE WHEN a > 1 THEN 1 ELSE 0 END FROM t',
  'SELECT coalesce(a, 0), sum(b) OVER (PARTITION BY c ORDER BY d) FROM t',
  '',
  '   ;  ',
];

/** Writes every dialect must refuse. */
const portableWrites = [
  'DELETE FROM t',
  'delete from t',
  'DeLeTe FrOm t',
  "UPDATE t SET a = 'x'",
  'INSERT INTO t VALUES (1)',
  'DROP TABLE t',
  'CREATE TABLE u (a int)',
  'ALTER TABLE t ADD COLUMN b int',
  'CREATE TABLE u AS SELECT * FROM t',
  'SELECT 1; DELETE FROM t',
  'SELECT 1;DELETE FROM t',
  "SELECT ';'; DELETE FROM t",
  'SELECT 1 /* ; */; DELETE FROM t',
  'SELECT 1 -- x\n; DELETE FROM t',
  'SELECT 1; SELECT 2',
  '/* SELECT */ DELETE FROM t',
  'WITH x AS (SELECT 1) DELETE FROM t',
  'BEGIN',
  'COMMIT',
  'ROLLBACK',
  'GRANT SELECT ON t TO someone',
  "SELECT 'unterminated",
  'SELECT /* unterminated',
  'SELECT * INTO u FROM t',
  'totally not sql',
];

const readsByDialect: Record<Dialect, string[]> = {
  postgres: [
    'SELECT a::int, b::text FROM t',
    'SELECT DISTINCT ON (a) a, b FROM t ORDER BY a, b',
    "SELECT * FROM t WHERE name ILIKE '%a%'",
    'SELECT count(*) FILTER (WHERE a > 1) FROM t',
    'SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY a) FROM t',
    'SELECT * FROM generate_series(1, 10) g',
    'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5) SELECT count(*) FROM c',
    "SELECT E'it\\'s; DELETE FROM t' AS escaped",
    'SELECT $$; DELETE FROM t$$ AS dollar',
    'SELECT $tag$ ; DROP TABLE t $tag$ AS tagged',
    'SELECT 1 /* outer /* nested ; */ still comment */',
    'SELECT 1 /* /* */ ; DELETE FROM t; /* */ */',
    'EXPLAIN SELECT * FROM t',
    'EXPLAIN ANALYZE SELECT * FROM t',
    'TABLE t',
    'VALUES (1), (2)',
    'SHOW search_path',
    "SELECT currval('s')",
    'SELECT pg_sleep(1)',
  ],
  mysql: [
    'SELECT `a;b` FROM `t`',
    'SELECT a FROM t # ; DELETE FROM t',
    'SELECT 1 --1',
    'SELECT SLEEP(1)',
    'SELECT * FROM t LIMIT 10, 5',
    "SELECT DATE_FORMAT(d, '%Y') FROM t",
    'SHOW TABLES',
    'DESCRIBE t',
    'DESC t',
    'EXPLAIN SELECT * FROM t',
    "SELECT X'0102' AS b, _utf8mb4'x' AS s",
  ],
  sqlite: [
    'SELECT [a;b] FROM [t]',
    'SELECT `a` FROM `t`',
    'PRAGMA table_info(t)',
    "PRAGMA table_info('t')",
    'PRAGMA main.table_info(t)',
    'PRAGMA foreign_key_list(t)',
    'PRAGMA index_list(t)',
    'PRAGMA user_version',
    'PRAGMA database_list',
    'SELECT 1 UNION SELECT 2 EXCEPT SELECT 3',
    "SELECT strftime('%Y', d) FROM t",
    'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT count(*) FROM c',
  ],
  duckdb: [
    'SELECT count(*) FROM range(10)',
    'FROM t',
    'DESCRIBE t',
    'SUMMARIZE t',
    'SHOW TABLES',
    'PRAGMA table_info(t)',
    'PRAGMA database_size',
  ],
};

const writesByDialect: Record<Dialect, string[]> = {
  postgres: [
    'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d',
    'with d as (delete from t returning *) select * from d',
    'WITH u AS (UPDATE t SET a = 1 RETURNING a) SELECT a FROM u',
    "SELECT nextval('s')",
    "SELECT NEXTVAL ('s')",
    "SELECT setval('s', 10)",
    'SELECT * FROM t FOR UPDATE',
    'SELECT * FROM t for share',
    'SELECT * FROM t FOR NO KEY UPDATE',
    'SELECT * FROM t FOR KEY SHARE',
    'COPY t TO STDOUT',
    "COPY t FROM '/tmp/x'",
    'VACUUM',
    'ANALYZE t',
    'CALL p()',
    'SET search_path = x',
    'RESET ALL',
    'LOCK TABLE t',
    'DO $$ BEGIN DELETE FROM t; END $$',
    'EXPLAIN ANALYZE DELETE FROM t',
    'EXPLAIN (ANALYZE, BUFFERS) UPDATE t SET a = 1',
    "SELECT set_config('transaction_read_only', 'off', false)",
    'SELECT pg_advisory_lock(1)',
    'SELECT pg_terminate_backend(123)',
    'SELECT "pg_terminate_backend"(123)',
    'SELECT pg_catalog."pg_advisory_lock"(1)',
    "SELECT 'a\\'; DELETE FROM t; --'",
    "SELECT E'a\\'; DELETE FROM t; --'; DELETE FROM t",
    'TRUNCATE t',
    'MERGE INTO t USING u ON t.id = u.id WHEN MATCHED THEN DELETE',
    'LISTEN x',
    'NOTIFY x',
    'REFRESH MATERIALIZED VIEW v',
  ],
  mysql: [
    'SELECT * FROM t LOCK IN SHARE MODE',
    'SELECT * FROM t FOR UPDATE',
    "SELECT * INTO OUTFILE '/tmp/x' FROM t",
    "SELECT a INTO DUMPFILE '/tmp/x' FROM t",
    'SELECT a INTO @x FROM t',
    'SELECT 1 /*!50000 ; DELETE FROM t */',
    'SELECT 1 /*M! ; DELETE FROM t */',
    'SELECT 1 # x\n; DELETE FROM t',
    "SELECT 'a\\'; DELETE FROM t; -- '",
    'SELECT "a\\"; DELETE FROM t; -- "',
    // Under NO_BACKSLASH_ESCAPES this is a string, then a second statement: unknown mode, so a write.
    "SELECT 'it\\'s; DELETE FROM t' AS escaped",
    "REPLACE INTO t VALUES (1, 'x')",
    'LOCK TABLES t WRITE',
    'UNLOCK TABLES',
    'SET @x = 1',
    'USE other',
    "SELECT GET_LOCK('x', 1)",
    "LOAD DATA INFILE '/tmp/x' INTO TABLE t",
    'HANDLER t OPEN',
    'CALL p()',
    'TRUNCATE TABLE t',
  ],
  sqlite: [
    'PRAGMA user_version = 5',
    'PRAGMA user_version(5)',
    'PRAGMA query_only = 0',
    'PRAGMA query_only = OFF',
    'PRAGMA journal_mode = WAL',
    'PRAGMA writable_schema = 1',
    'PRAGMA foreign_keys = OFF',
    'PRAGMA optimize',
    'PRAGMA incremental_vacuum',
    'PRAGMA wal_checkpoint',
    'VACUUM',
    "VACUUM INTO '/tmp/x'",
    "ATTACH DATABASE '/tmp/x' AS x",
    'DETACH DATABASE x',
    'REINDEX',
    'ANALYZE',
    'SAVEPOINT x',
    'RELEASE x',
    "REPLACE INTO t VALUES (1, 'x')",
    "INSERT OR REPLACE INTO t VALUES (1, 'x')",
    "SELECT load_extension('x')",
    "SELECT ']' AS [a;b]; DELETE FROM t",
    'CREATE TRIGGER z AFTER INSERT ON t BEGIN DELETE FROM t; END',
  ],
  duckdb: [
    "COPY t TO '/tmp/x.csv'",
    "COPY (SELECT 1) TO '/tmp/x.csv'",
    "EXPORT DATABASE '/tmp/x'",
    "IMPORT DATABASE '/tmp/x'",
    "ATTACH '/tmp/x.duckdb' AS x",
    'DETACH x',
    "SELECT nextval('s')",
    'INSTALL httpfs',
    'LOAD httpfs',
    'SET threads = 1',
    'CHECKPOINT',
    'CALL dbgen(sf = 0.01)',
    'CREATE MACRO twice(x) AS x * 2',
    'PRAGMA enable_profiling',
    'USE other',
    "SELECT * FROM read_csv('x.csv')",
  ],
};

describe('statement classifier', () => {
  for (const dialect of dialects) {
    describe(dialect, () => {
      it.each([...portableReads, ...readsByDialect[dialect]])('reads: %s', (sql) => {
        expect(classifyStatement(sql, dialect)).toEqual({ kind: 'read' });
      });
      it.each([...portableWrites, ...writesByDialect[dialect]])('writes: %s', (sql) => {
        expect(kind(sql, dialect)).toBe('write');
      });
    });
  }

  it('says why, in words that fit the safe-mode message', () => {
    const reason = (sql: string, dialect: Dialect = 'postgres') => {
      const verdict = classifyStatement(sql, dialect);
      return verdict.kind === 'write' ? verdict.reason : null;
    };
    expect(reason('DELETE FROM t')).toBe('it would modify data or settings: DELETE');
    expect(reason('WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d')).toBe(
      'it would modify data: DELETE',
    );
    expect(reason('SELECT 1; SELECT 2')).toBe('it contains several statements; run one statement at a time');
    expect(reason('SELECT * FROM t FOR UPDATE')).toBe('it locks rows: SELECT … FOR UPDATE');
    expect(reason('SELECT * INTO u FROM t')).toBe('it would write its result: SELECT … INTO');
    expect(reason("SELECT nextval('s')")).toBe('it has side effects: nextval()');
    expect(reason('PRAGMA user_version = 1', 'sqlite')).toBe('it changes a setting: PRAGMA');
    expect(reason('SELECT FROM WHERE')).toBe('it could not be parsed, so it is treated as a write');
  });

  it('marks harmless-looking text only the grammar could not follow, for engines with their own parser', () => {
    expect(classifyStatement('FROM t SELECT a', 'duckdb')).toMatchObject({ kind: 'write', unparsed: true });
    expect(classifyStatement('SELECT CAST(a AS HUGEINT) FROM t', 'duckdb')).toMatchObject({ unparsed: true });
    expect(classifyStatement('DELETE FROM t', 'duckdb')).not.toHaveProperty('unparsed');
    expect(classifyStatement('SELECT 1; SELECT 2', 'duckdb')).not.toHaveProperty('unparsed');
  });
});

/** A small seeded generator, so a failure names a case that can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('statement classifier under generated input', () => {
  const random = seeded(20261121);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const scramble = (text: string): string =>
    text.replace(/[a-z]/gi, (ch) => (random() < 0.5 ? ch.toUpperCase() : ch.toLowerCase()));

  const reads = ['SELECT a FROM t', "SELECT 'x;y' AS s FROM t", 'WITH q AS (SELECT 1 AS a) SELECT a FROM q'];
  const writes = ['DELETE FROM t', "UPDATE t SET a = 'b'", 'DROP TABLE t', 'INSERT INTO t VALUES (1)'];
  const glue = [';', ' ; ', ';\n', '; /* ; */ ', ';-- x\n', ' /* c */ ; '];

  it('never lets a write ride along a read, however it is cased or glued', () => {
    for (let round = 0; round < 400; round += 1) {
      const dialect = pick(dialects);
      const sql = `${scramble(pick(reads))}${pick(glue)}${scramble(pick(writes))}`;
      expect(kind(sql, dialect), `${dialect}: ${sql}`).toBe('write');
    }
  });

  it('keeps reads readable when write words only appear inside strings and comments', () => {
    for (let round = 0; round < 200; round += 1) {
      const dialect = pick(dialects);
      const hidden = pick(writes).replaceAll("'", "''");
      const sql = pick([
        `SELECT '${hidden}; ${hidden}' AS s`,
        `SELECT 1 AS a /* ${hidden}; */`,
        `SELECT 1 AS a -- ${hidden};\n`,
      ]);
      expect(kind(scramble(sql.slice(0, 6)) + sql.slice(6), dialect), `${dialect}: ${sql}`).toBe('read');
    }
  });

  it('treats any text cut short inside a string or comment as a write', () => {
    const texts = ["SELECT 'a", 'SELECT "a', 'SELECT /* a', 'SELECT 1; DELETE'];
    for (const dialect of dialects) {
      for (const sql of texts) expect(kind(sql, dialect), `${dialect}: ${sql}`).toBe('write');
    }
  });
});
