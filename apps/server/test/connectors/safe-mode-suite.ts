import type { Engine } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connector, ConnectorError, createConnector } from '../../src/connectors/index.ts';
import { connectorFailure } from '../helpers/connector-failure.ts';
import type { ScratchDatabase } from './scratch-databases.ts';
import { fillNames } from './scratch-databases.ts';

/** Writes every engine must refuse in safe mode; {t} table, {s} schema, {dir} a watched directory. */
const commonWrites = [
  'DELETE FROM {t}',
  'dElEtE fRoM {t}',
  "UPDATE {t} SET name = 'x'",
  "INSERT INTO {t} (name) VALUES ('x')",
  'DROP TABLE {t}',
  'CREATE TABLE {s}.copied AS SELECT * FROM {t}',
  'ALTER TABLE {t} ADD COLUMN extra INT',
  'SELECT 1; DELETE FROM {t}',
  "SELECT ';' AS a; DELETE FROM {t}",
  'SELECT 1 /* ; */; DELETE FROM {t}',
  'SELECT 1 -- ;\n; DELETE FROM {t}',
  '/* hello */ DELETE FROM {t}',
  '  \n\tDELETE FROM {t} ;',
  'BEGIN',
  'COMMIT',
];

const writesByEngine: Record<Exclude<Engine, 'snowflake' | 'bigquery'>, string[]> = {
  postgres: [
    'TRUNCATE {t}',
    'SELECT * INTO {s}.copied FROM {t}',
    'WITH d AS (DELETE FROM {t} RETURNING *) SELECT count(*) FROM d',
    "WITH u AS (UPDATE {t} SET name = 'x' RETURNING 1) SELECT 1",
    "WITH i AS (INSERT INTO {t} (name) VALUES ('x') RETURNING 1) SELECT * FROM i",
    'SELECT $$;$$; DELETE FROM {t}',
    "COPY {t} TO '{dir}/out.csv'",
    'COPY (SELECT * FROM {t}) TO STDOUT',
    "SELECT nextval('{s}.items_id_seq')",
    "SELECT setval('{s}.items_id_seq', 100)",
    'SELECT * FROM {t} FOR UPDATE',
    'SELECT * FROM {t} FOR SHARE',
    'SELECT * FROM {t} FOR NO KEY UPDATE',
    'LOCK TABLE {t}',
    'CALL {s}.nothing()',
    'SET statement_timeout = 0',
    "SELECT set_config('transaction_read_only', 'off', false)",
    'SET TRANSACTION READ WRITE',
    'VACUUM {t}',
    'ANALYZE {t}',
    'DO $$ BEGIN DELETE FROM {t}; END $$',
    'EXPLAIN ANALYZE DELETE FROM {t}',
    "MERGE INTO {t} USING (SELECT 1 AS id) src ON src.id = {t}.id WHEN MATCHED THEN UPDATE SET name = 'x'",
    'SELECT pg_advisory_lock(4242)',
    'PREPARE zap AS DELETE FROM {t}',
    'GRANT SELECT ON {t} TO PUBLIC',
    "COMMENT ON TABLE {t} IS 'x'",
  ],
  mysql: [
    'TRUNCATE {t}',
    "REPLACE INTO {t} (id, name) VALUES (1, 'x')",
    "SELECT * INTO OUTFILE '{dir}/out.csv' FROM {t}",
    'SELECT name INTO @x FROM {t} LIMIT 1',
    'WITH d AS (SELECT 1) DELETE FROM {t}',
    'SELECT 1 /*!50000 ; DELETE FROM {t} */',
    'SELECT 1 # ;\n; DELETE FROM {t}',
    "SELECT 'a\\'; DELETE FROM {t}; -- '",
    'SELECT * FROM {t} FOR UPDATE',
    'SELECT * FROM {t} LOCK IN SHARE MODE',
    'LOCK TABLES {t} WRITE',
    'CALL nothing()',
    'SET @x = 1',
    'SET SESSION TRANSACTION READ WRITE',
    "SELECT GET_LOCK('querent', 1)",
    "LOAD DATA INFILE '{dir}/in.csv' INTO TABLE {t}",
    'HANDLER {t} OPEN',
    'USE mysql',
  ],
  sqlite: [
    "REPLACE INTO {t} (id, name) VALUES (1, 'x')",
    "INSERT OR REPLACE INTO {t} (id, name) VALUES (1, 'x')",
    'WITH d AS (SELECT 1) DELETE FROM {t}',
    "WITH d AS (SELECT 'x' AS v) INSERT INTO {t} (name) SELECT v FROM d",
    "SELECT ']' AS [a;b]; DELETE FROM {t}",
    'PRAGMA user_version = 5',
    'PRAGMA user_version(5)',
    'PRAGMA query_only = 0',
    'PRAGMA journal_mode = WAL',
    'PRAGMA writable_schema = 1',
    'VACUUM',
    "VACUUM INTO '{dir}/copy.sqlite'",
    "ATTACH DATABASE '{dir}/other.sqlite' AS other",
    'DETACH DATABASE other',
    'REINDEX',
    'ANALYZE',
    'SAVEPOINT x',
    "SELECT load_extension('nothing')",
    'CREATE TRIGGER zap AFTER INSERT ON {t} BEGIN DELETE FROM {t}; END',
  ],
  motherduck: [
    "COPY {t} TO '{dir}/out.csv'",
    "EXPORT DATABASE '{dir}/export'",
    "ATTACH '{dir}/other.duckdb' AS other",
    "SELECT nextval('items_seq')",
    'VACUUM',
    'CHECKPOINT',
    'INSTALL httpfs',
    'LOAD httpfs',
    'SET threads = 1',
    'CREATE MACRO twice(x) AS x * 2',
    'PRAGMA enable_profiling',
    'CALL dbgen(sf = 0.01)',
    'WITH d AS (SELECT 1) DELETE FROM {t}',
  ],
};

const readsByEngine: Record<Exclude<Engine, 'snowflake' | 'bigquery'>, string[]> = {
  postgres: [
    'EXPLAIN SELECT * FROM {t}',
    'TABLE {t}',
    "SELECT 'DELETE FROM {t}; --' AS text",
    'SHOW search_path',
  ],
  mysql: ['SHOW TABLES', 'DESCRIBE {t}', "SELECT 'DELETE FROM {t}; --' AS text", 'EXPLAIN SELECT * FROM {t}'],
  sqlite: ['PRAGMA table_info({t})', 'SELECT [name] FROM {t}', "SELECT 'DELETE FROM {t}; --' AS text"],
  motherduck: [
    'DESCRIBE {t}',
    'FROM {t}',
    'SELECT CAST(id AS HUGEINT) AS id FROM {t}',
    "SELECT 'DELETE; --' AS text",
  ],
};

const commonReads = [
  'SELECT count(*) AS n FROM {t}',
  'select * from {t} order by id',
  'WITH x AS (SELECT * FROM {t}) SELECT count(*) AS n FROM x',
  "SELECT name, replace(name, 'a', 'b') AS renamed FROM {t}",
  "SELECT * FROM {t} WHERE id IN (SELECT id FROM {t} WHERE name <> 'x')",
];

const options = { rowCap: 100, timeoutMs: 10_000, readOnly: true };

/** Safe mode on one engine: every tricky write refused, the data provably unchanged, reads still fine. */
export function defineSafeModeSuite(
  label: string,
  scratchFactory: () => Promise<ScratchDatabase | null>,
): void {
  describe(`${label} safe mode`, () => {
    let scratch: ScratchDatabase | null = null;
    let connector: Connector;
    let before: unknown;

    beforeAll(async () => {
      scratch = await scratchFactory();
      if (!scratch) return;
      connector = createConnector(scratch.engine, scratch.details);
      before = await scratch.state();
    });
    afterAll(async () => {
      if (!scratch) return;
      await connector.close();
      await scratch.dispose();
    });

    it('refuses every write and leaves the data unchanged', async (context) => {
      if (!scratch) return context.skip();
      const engine = scratch.engine as keyof typeof writesByEngine;
      const admitted: string[] = [];
      for (const template of [...commonWrites, ...writesByEngine[engine]]) {
        const sql = fillNames(template, scratch.names);
        const error = await connector.run(sql, options).then(
          () => null,
          (caught: unknown) => caught,
        );
        if (!(error instanceof ConnectorError) || error.kind !== 'read_only') {
          admitted.push(`${sql} → ${error instanceof Error ? error.message : 'ran'}`);
        } else {
          expect(error.message).toMatch(/^Safe mode is on: this database is read-only/);
        }
      }
      expect(admitted).toEqual([]);
      expect(await scratch.state()).toEqual(before);
    });

    it('refuses a write on the streaming path too', async (context) => {
      if (!scratch) return context.skip();
      const error = await connectorFailure(
        connector.stream(fillNames('DELETE FROM {t}', scratch.names), options),
      );
      expect(error.kind).toBe('read_only');
      expect(error.message).toContain('DELETE');
      expect(await scratch.state()).toEqual(before);
    });

    it('lets the database stop a write the classifier cannot see', async (context) => {
      if (!scratch?.disguisedWrite) return context.skip();
      const error = await connectorFailure(connector.run(scratch.disguisedWrite, options));
      expect(error.kind).toBe('read_only');
      expect(await scratch.state()).toEqual(before);
    });

    it('still runs reads', async (context) => {
      if (!scratch) return context.skip();
      const engine = scratch.engine as keyof typeof readsByEngine;
      for (const template of [...commonReads, ...readsByEngine[engine]]) {
        const sql = fillNames(template, scratch.names);
        await expect(connector.run(sql, options), sql).resolves.toMatchObject({ truncated: false });
      }
      const counted = await connector.run(fillNames('SELECT count(*) AS n FROM {t}', scratch.names), options);
      expect(counted).toMatchObject({ columns: [{ name: 'n' }], rows: [[3]] });
    });
  });
}
