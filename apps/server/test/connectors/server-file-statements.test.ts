import { describe, expect, it } from 'vitest';
import type { SqlDialect } from '../../src/connectors/connector.ts';
import { classifyStatement } from '../../src/connectors/statement-classifier.ts';

/** Statements that read, list or write the database server's files, or run SQL text that could. */
const serverFileStatements: Record<'postgres' | 'mysql' | 'sqlite' | 'duckdb', string[]> = {
  postgres: [
    "SELECT pg_read_file('/etc/passwd')",
    "SELECT pg_read_file('PG_VERSION', 0, 2)",
    "SELECT pg_read_binary_file('PG_VERSION')",
    "SELECT * FROM pg_ls_dir('.')",
    "SELECT pg_stat_file('PG_VERSION')",
    'SELECT * FROM pg_ls_logdir()',
    'SELECT * FROM pg_ls_waldir()',
    'SELECT * FROM pg_ls_tmpdir()',
    'SELECT * FROM pg_ls_archive_statusdir()',
    'SELECT * FROM pg_ls_logicalsnapdir()',
    "SELECT * FROM pg_ls_replslotdir('slot')",
    'SELECT pg_current_logfile()',
    "SELECT lo_import('/etc/passwd')",
    "SELECT lo_export(1, '/tmp/x')",
    "SELECT pg_file_write('x', 'y', false)",
    'SELECT * FROM pg_logdir_ls()',
    'SELECT * FROM pg_file_settings',
    'SELECT * FROM pg_catalog.pg_hba_file_rules',
    'SELECT * FROM pg_ident_file_mappings',
    'SELECT * FROM pg_show_all_file_settings()',
    "SELECT get_raw_page('t', 0)",
    "SELECT * FROM pg_get_wal_records_info('0/0', '0/1')",
    "SELECT query_to_xml('SELECT pg_read_file(''/etc/passwd'')', true, true, '')",
    "SELECT query_to_xml_and_xmlschema('SELECT 1', true, true, '')",
    "SELECT * FROM ts_stat('SELECT to_tsvector(pg_read_file(''/etc/passwd''))')",
    "SELECT ts_rewrite('a'::tsquery, 'SELECT ''a''::tsquery, ''b''::tsquery')",
    "SELECT * FROM dblink('dbname=x', 'SELECT 1') AS t(a int)",
    "SELECT dblink_connect_u('dbname=x')",
    // However the name is spelled: quoted, qualified, cased, spaced, explained.
    `SELECT "pg_read_file"('/etc/passwd')`,
    `SELECT pg_catalog."pg_ls_dir"('.')`,
    "SELECT PG_READ_FILE ('/etc/passwd')",
    "SELECT pg_catalog . pg_read_file /* x */ ('/etc/passwd')",
    `SELECT U&"pg_read_file"('/etc/passwd')`,
    "EXPLAIN SELECT pg_read_file('/etc/passwd')",
    "WITH f AS (SELECT pg_read_file('/etc/passwd') AS body) SELECT body FROM f",
    "SELECT length(x) FROM (SELECT pg_read_binary_file('PG_VERSION') AS x) s",
  ],
  mysql: [
    "SELECT LOAD_FILE('/etc/passwd')",
    "SELECT load_file('/etc/passwd')",
    "SELECT `LOAD_FILE`('/etc/passwd')",
    "SELECT HEX(LOAD_FILE('/etc/passwd')) AS h",
    "SELECT * FROM (SELECT LOAD_FILE('/etc/passwd') AS f) x",
    "LOAD DATA INFILE '/etc/passwd' INTO TABLE t",
    "LOAD DATA LOCAL INFILE '/etc/passwd' INTO TABLE t",
    "LOAD XML INFILE '/tmp/x.xml' INTO TABLE t",
    "SELECT * FROM t INTO OUTFILE '/tmp/x'",
    "SELECT a FROM t INTO DUMPFILE '/tmp/x'",
    "TABLE t INTO OUTFILE '/tmp/x'",
    'SHOW BINLOG EVENTS',
    "SHOW BINLOG EVENTS IN 'mysql-bin.000001'",
    'show relaylog events',
  ],
  sqlite: [
    "SELECT readfile('/etc/passwd')",
    "SELECT writefile('/tmp/x', 'y')",
    "SELECT * FROM fsdir('/etc')",
    "SELECT * FROM zipfile('/tmp/x.zip')",
    "SELECT load_extension('/tmp/x')",
    "SELECT [readfile]('/etc/passwd')",
    "ATTACH DATABASE '/tmp/other.sqlite' AS other",
  ],
  duckdb: [
    "SELECT * FROM read_csv('/etc/passwd')",
    "SELECT * FROM read_csv_auto('/etc/passwd')",
    "SELECT * FROM read_parquet('/tmp/x.parquet')",
    "SELECT * FROM parquet_scan('/tmp/x.parquet')",
    "SELECT * FROM read_json('/tmp/x.json')",
    "SELECT * FROM read_json_auto('/tmp/x.json')",
    "SELECT * FROM read_ndjson_objects('/tmp/x.json')",
    "SELECT * FROM read_text('/etc/passwd')",
    "SELECT * FROM read_blob('/etc/passwd')",
    "SELECT * FROM glob('/etc/*')",
    "SELECT * FROM parquet_metadata('/tmp/x.parquet')",
    "SELECT * FROM sniff_csv('/etc/passwd')",
    "SELECT * FROM sqlite_scan('/tmp/x.sqlite', 't')",
    "SELECT * FROM query('SELECT 1')",
    "SELECT * FROM query_table('/etc/passwd')",
    "SELECT getenv('HOME')",
    "SELECT * FROM '/etc/passwd'",
    "FROM '/tmp/x.csv'",
    'SELECT * FROM "/tmp/x.csv"',
    'SELECT * FROM "x.parquet"',
    "SELECT * FROM t, '/tmp/x.csv'",
    "SELECT * FROM t JOIN '/tmp/x.csv' ON true",
    "SELECT * FROM t JOIN u ON t.a = u.a, '/tmp/x.parquet'",
    "SELECT * FROM (SELECT * FROM '/tmp/x.csv') s",
    "SELECT * FROM t WHERE a IN (SELECT a FROM E'/tmp/x.csv')",
    "ATTACH '/tmp/x.duckdb' AS x",
    "COPY t FROM '/tmp/x.csv'",
    'INSTALL httpfs',
    'LOAD httpfs',
  ],
};

/** Reads that only look like the above and must stay reads. */
const lookalikes: Record<'postgres' | 'mysql' | 'sqlite' | 'duckdb', string[]> = {
  postgres: [
    'SELECT * FROM pg_stat_activity',
    "SELECT pg_size_pretty(pg_database_size('x'))",
    "SELECT 'pg_read_file(''/etc/passwd'')' AS text",
    'SELECT pg_read_file FROM t',
    "SELECT relname FROM pg_class WHERE relname = 'pg_file_settings'",
  ],
  mysql: ["SELECT 'LOAD_FILE(1)' AS text", 'SHOW BINARY LOGS', 'SHOW TABLES', 'SELECT load_file FROM t'],
  sqlite: ["SELECT 'readfile(1)' AS text", 'SELECT readfile FROM t'],
  duckdb: [
    "SELECT 'x.csv' AS name FROM t",
    "SELECT coalesce(a, '/tmp/x.csv') FROM t",
    "SELECT * FROM t WHERE name = 'x.csv'",
    "SELECT * FROM t JOIN u ON t.a = u.a WHERE u.b IN ('x', 'y.csv')",
    "SELECT a, 'x.csv' FROM t",
    'SELECT * FROM t, u',
    'SELECT * FROM "my table"',
    'SELECT * FROM "sales.2024"',
  ],
};

const verdict = (sql: string, dialect: SqlDialect) => classifyStatement(sql, dialect);

describe('safe mode keeps server files closed', () => {
  for (const [dialect, statements] of Object.entries(serverFileStatements)) {
    it.each(statements)(`${dialect} refuses: %s`, (sql) => {
      expect(verdict(sql, dialect as SqlDialect)).toMatchObject({ kind: 'write' });
    });
  }
  for (const [dialect, statements] of Object.entries(lookalikes)) {
    it.each(statements)(`${dialect} still reads: %s`, (sql) => {
      expect(verdict(sql, dialect as SqlDialect)).toEqual({ kind: 'read' });
    });
  }

  it('names the server files as the reason, in words that fit the safe-mode message', () => {
    expect(verdict("SELECT pg_read_file('/etc/passwd')", 'postgres')).toEqual({
      kind: 'write',
      reason: 'it can reach files of the database server: pg_read_file()',
    });
    expect(verdict(`SELECT "pg_ls_dir"('.')`, 'postgres')).toMatchObject({
      reason: 'it can reach files of the database server: pg_ls_dir()',
    });
    expect(verdict('SELECT * FROM pg_file_settings', 'postgres')).toMatchObject({
      reason: 'it reads files of the database server: pg_file_settings',
    });
    expect(verdict("SELECT LOAD_FILE('/etc/passwd')", 'mysql')).toMatchObject({
      reason: 'it can reach files of the database server: load_file()',
    });
    expect(verdict('SHOW BINLOG EVENTS', 'mysql')).toMatchObject({
      reason: 'it reads files of the database server: SHOW BINLOG EVENTS',
    });
    expect(verdict("FROM '/etc/passwd'", 'duckdb')).toMatchObject({
      reason: "it reads a file of the database server: '/etc/passwd'",
    });
    // Not something DuckDB's own parser may vouch for afterwards.
    expect(verdict("SELECT * FROM '/etc/passwd'", 'duckdb')).not.toHaveProperty('unparsed');
  });
});
