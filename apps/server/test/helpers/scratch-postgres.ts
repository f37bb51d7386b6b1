import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { postgresServer } from '../fixtures/chinook.ts';

export interface ScratchPostgres {
  database: string;
  details: { host: string; port: number; user: string; password: string; database: string };
  /** A client outside Querent, to set up tables and look at what happened. */
  client: pg.Client;
  dispose(): Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ ...postgresServer, database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A fresh PostgreSQL database a suite may write to, dropped (with its sessions) on dispose. */
export async function openScratchPostgres(setup: string): Promise<ScratchPostgres> {
  const database = `querent_api_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${database}`);
  const client = new pg.Client({ ...postgresServer, database });
  await client.connect();
  await client.query(setup);
  return {
    database,
    details: { ...postgresServer, database },
    client,
    async dispose() {
      await client.end();
      await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}
