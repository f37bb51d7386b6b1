import pg from 'pg';
import { postgresServer } from '../fixtures/chinook.ts';
import { uniqueSuffix } from './unique-suffix.ts';
import { runAdminStatement } from './postgres-admin.ts';

export interface ScratchPostgres {
  database: string;
  details: { host: string; port: number; user: string; password: string; database: string };
  /** A client outside Querent, to set up tables and look at what happened. */
  client: pg.Client;
  dispose(): Promise<void>;
}

const maintenance = { ...postgresServer, database: 'postgres' };

/** A fresh PostgreSQL database a suite may write to, dropped (with its sessions) on dispose. */
export async function openScratchPostgres(setup: string): Promise<ScratchPostgres> {
  const database = `querent_api_${uniqueSuffix()}`;
  await runAdminStatement(maintenance, `CREATE DATABASE ${database}`);
  const client = new pg.Client({ ...postgresServer, database });
  await client.connect();
  await client.query(setup);
  return {
    database,
    details: { ...postgresServer, database },
    client,
    async dispose() {
      await client.end();
      await runAdminStatement(maintenance, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}
