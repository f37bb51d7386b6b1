import type { Engine } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connector, ConnectorError, createConnector } from '../../src/connectors/index.ts';
import type { ScratchDatabase } from './scratch-databases.ts';
import { fillNames } from './scratch-databases.ts';

type FileEngine = Exclude<Engine, 'snowflake' | 'bigquery'>;

/**
 * Statements that read, list or write files of the database server; {t} table, {dir} a watched
 * directory. Each must be refused by safe mode itself, before the database sees it, whoever is
 * signed in.
 */
const serverFileStatements: Record<FileEngine, string[]> = {
  postgres: [
    "SELECT pg_read_file('PG_VERSION')",
    "SELECT pg_read_file('postgresql.auto.conf', 0, 200)",
    "SELECT pg_read_binary_file('PG_VERSION')",
    "SELECT * FROM pg_ls_dir('.')",
    "SELECT * FROM pg_stat_file('PG_VERSION')",
    'SELECT * FROM pg_ls_logdir()',
    'SELECT * FROM pg_ls_waldir()',
    'SELECT * FROM pg_ls_tmpdir()',
    'SELECT * FROM pg_ls_archive_statusdir()',
    'SELECT pg_current_logfile()',
    "SELECT lo_import('/etc/hostname')",
    "SELECT lo_export(0, '{dir}/large-object')",
    'SELECT * FROM pg_file_settings',
    'SELECT * FROM pg_hba_file_rules',
    "COPY {t} TO '{dir}/out.csv'",
    "COPY {t} FROM '/etc/hostname'",
    "COPY {t} FROM PROGRAM 'hostname'",
    "COPY (SELECT 1) TO PROGRAM 'touch {dir}/program-ran'",
    `SELECT "pg_read_file"('PG_VERSION')`,
    `SELECT pg_catalog."pg_ls_dir"('.')`,
    "SELECT body FROM (SELECT pg_read_file('PG_VERSION') AS body) AS f",
    "SELECT query_to_xml('SELECT pg_read_file(''PG_VERSION'')', true, true, '')",
    "SELECT * FROM ts_stat('SELECT to_tsvector(pg_read_file(''PG_VERSION''))')",
  ],
  mysql: [
    "SELECT LOAD_FILE('/etc/hostname')",
    "SELECT `LOAD_FILE`('/etc/hostname')",
    "SELECT HEX(LOAD_FILE('/etc/passwd')) AS h",
    "SELECT f FROM (SELECT load_file('/etc/hostname') AS f) AS x",
    "LOAD DATA INFILE '/etc/hostname' INTO TABLE {t}",
    "LOAD DATA LOCAL INFILE '/etc/hostname' INTO TABLE {t}",
    "LOAD XML INFILE '/etc/hostname' INTO TABLE {t}",
    "SELECT * FROM {t} INTO OUTFILE '{dir}/out.csv'",
    "SELECT name FROM {t} LIMIT 1 INTO DUMPFILE '{dir}/dump.bin'",
    'SHOW BINLOG EVENTS',
    'SHOW RELAYLOG EVENTS',
  ],
  sqlite: [
    "SELECT readfile('/etc/hostname')",
    "SELECT writefile('{dir}/written', 'x')",
    "SELECT * FROM fsdir('/etc')",
    "SELECT load_extension('/nothing')",
    "ATTACH DATABASE '{dir}/other.sqlite' AS other",
  ],
  motherduck: [
    "SELECT * FROM read_csv('/etc/hostname')",
    "SELECT * FROM read_text('/etc/hostname')",
    "SELECT * FROM read_blob('/etc/hostname')",
    "SELECT * FROM glob('/etc/*')",
    "SELECT * FROM '/etc/hostname'",
    "FROM '{dir}/data.csv'",
    "SELECT * FROM {t}, '{dir}/data.csv'",
    "SELECT * FROM query_table('/etc/hostname')",
    "ATTACH '{dir}/other.duckdb' AS other",
    "COPY {t} TO '{dir}/out.csv'",
    'INSTALL httpfs',
  ],
};

/** A read of a server file that works without safe mode for a powerful login: the refusal is not moot. */
const proofs: Partial<Record<FileEngine, { sql: string; content: RegExp }>> = {
  postgres: { sql: "SELECT pg_read_file('PG_VERSION') AS body", content: /^\d+/ },
  mysql: { sql: "SELECT LOAD_FILE('/etc/hostname') AS body", content: /\S/ },
};

const safe = { rowCap: 100, timeoutMs: 10_000, readOnly: true };

async function refusal(connector: Connector, sql: string, stream: boolean): Promise<string | null> {
  const running = stream ? connector.stream(sql, safe) : connector.run(sql, safe);
  const error = await running.then(
    async (result) => {
      if ('close' in result) await result.close();
      return null;
    },
    (caught: unknown) => caught,
  );
  if (error instanceof ConnectorError && error.kind === 'read_only') return null;
  return `${sql} (${stream ? 'stream' : 'run'}) → ${error instanceof Error ? error.message : 'ran'}`;
}

/** Safe mode keeps the database server's files closed on one engine, to a superuser and to a reader alike. */
export function defineServerFilesSuite(
  label: string,
  scratchFactory: () => Promise<ScratchDatabase | null>,
): void {
  describe(`${label} safe mode keeps server files closed`, () => {
    let scratch: ScratchDatabase | null = null;
    const logins: { who: string; connector: Connector }[] = [];
    let before: unknown;

    beforeAll(async () => {
      scratch = await scratchFactory();
      if (!scratch) return;
      logins.push({ who: 'superuser', connector: createConnector(scratch.engine, scratch.details) });
      if (scratch.leastPrivilege) {
        const details = await scratch.leastPrivilege();
        logins.push({ who: 'reader', connector: createConnector(scratch.engine, details) });
      }
      before = await scratch.state();
    });
    afterAll(async () => {
      for (const { connector } of logins) await connector.close();
      await scratch?.dispose();
    });

    it('refuses every statement of the family before it reaches the database, run or streamed', async (context) => {
      if (!scratch) return context.skip();
      const admitted: string[] = [];
      for (const { who, connector } of logins) {
        for (const template of serverFileStatements[scratch.engine as FileEngine]) {
          const sql = fillNames(template, scratch.names);
          for (const stream of [false, true]) {
            const failure = await refusal(connector, sql, stream);
            if (failure) admitted.push(`${who}: ${failure}`);
          }
        }
      }
      expect(admitted).toEqual([]);
      expect(await scratch.state()).toEqual(before);
    });

    it('says which server-file access it refused, in the safe-mode message', async (context) => {
      const proof = scratch && proofs[scratch.engine as FileEngine];
      if (!scratch || !proof) return context.skip();
      for (const { connector } of logins) {
        const error = await connector.run(proof.sql, safe).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ConnectorError);
        expect((error as ConnectorError).message).toMatch(
          /^Safe mode is on: this database is read-only, so the statement was not run \(it can reach files of the database server: (pg_read_file|load_file)\(\)\)\.$/,
        );
      }
    });

    it('is what stands between a powerful login and the files: without safe mode the superuser reads one', async (context) => {
      const proof = scratch && proofs[scratch.engine as FileEngine];
      const superuser = logins.find((login) => login.who === 'superuser');
      if (!proof || !superuser) return context.skip();
      const result = await superuser.connector.run(proof.sql, { ...safe, readOnly: false });
      const body = result.rows[0]?.[0];
      expect(typeof body === 'string' ? body : JSON.stringify(body)).toMatch(proof.content);
      const reader = logins.find((login) => login.who === 'reader');
      if (!reader) return;
      // The reader's own rights stop it too, but only with the database's error, after the statement was sent.
      const denied = await reader.connector.run(proof.sql, { ...safe, readOnly: false }).then(
        (ran) => ran.rows[0]?.[0] ?? null,
        (caught: unknown) => caught,
      );
      if (denied instanceof ConnectorError) expect(denied.kind).toBe('sql');
      else expect(denied).toBeNull();
    });

    it('still lets every login read its table', async (context) => {
      if (!scratch) return context.skip();
      for (const { connector } of logins) {
        const counted = await connector.run(fillNames('SELECT count(*) AS n FROM {t}', scratch.names), safe);
        expect(Number(counted.rows[0]?.[0])).toBe(3);
      }
    });
  });
}
