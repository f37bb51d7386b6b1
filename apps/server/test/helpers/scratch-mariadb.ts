import mysql from 'mysql2/promise';
import { mysqlServer } from '../fixtures/chinook.ts';
import { requireService } from '../fixtures/services.ts';
import { uniqueSuffix } from './unique-suffix.ts';

export interface ScratchMariadb {
  database: string;
  details: typeof mysqlServer & { database: string };
  /** A connection outside Querent, to look at what runs on the server. */
  admin: mysql.Connection;
  /** How many statements other than this admin's are running with `marker` in their text. */
  running(marker: string): Promise<number>;
  dispose(): Promise<void>;
}

/**
 * A fresh MariaDB/MySQL database a suite may use, dropped on dispose; null when the server is
 * unreachable (a failure under CI=true).
 */
export async function openScratchMariadb(): Promise<ScratchMariadb | null> {
  let admin: mysql.Connection;
  try {
    admin = await mysql.createConnection({ ...mysqlServer, connectTimeout: 3000 });
  } catch (error) {
    return requireService('MariaDB', `${mysqlServer.host}:${mysqlServer.port}`, error);
  }
  const database = `querent_scratch_${uniqueSuffix()}`;
  await admin.query(`CREATE DATABASE ${database}`);
  return {
    database,
    details: { ...mysqlServer, database },
    admin,
    async running(marker) {
      const [rows] = await admin.query<mysql.RowDataPacket[]>(
        "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE CONCAT('%', ?, '%') AND ID <> CONNECTION_ID()",
        [marker],
      );
      return Number(rows[0]?.n ?? 0);
    },
    async dispose() {
      // Whatever a failed test left running in the database (a killed process's SQL) stops too.
      const [left] = await admin.query<mysql.RowDataPacket[]>(
        'SELECT ID AS id FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID()',
        [database],
      );
      for (const row of left) await admin.query(`KILL ${Number(row.id)}`).catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${database}`);
      await admin.end();
    },
  };
}
