import type { Engine } from '@querent/contracts';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { ConnectionDetails, Connector } from '../../src/connectors/index.ts';
import { SqliteConnector } from '../../src/connectors/sqlite/connector.ts';
import { chinookDuckdbFile } from '../fixtures/chinook-duckdb.ts';
import {
  chinookMysql,
  chinookPostgres,
  chinookSqliteCopy,
  mysqlServer,
  postgresServer,
} from '../fixtures/chinook.ts';

/** Chinook's identifiers as each load spells them (the PostgreSQL script uses snake_case). */
export interface ChinookNames {
  schema: string;
  artist: string;
  album: string;
  track: string;
  artistId: string;
  albumId: string;
  trackId: string;
  name: string;
  title: string;
  composer: string;
}

const pascal = (schema: string): ChinookNames => ({
  schema,
  artist: 'Artist',
  album: 'Album',
  track: 'Track',
  artistId: 'ArtistId',
  albumId: 'AlbumId',
  trackId: 'TrackId',
  name: 'Name',
  title: 'Title',
  composer: 'Composer',
});

/** Tells whether a long test statement still runs in the database, by the engine's own evidence. */
export interface StatementWatch {
  running(marker: string): Promise<boolean>;
  dispose(): Promise<void>;
}

export interface EngineTarget {
  label: string;
  engine: Engine;
  /** Chinook connection details; null when the engine's server is missing (its suites are skipped). */
  details: ConnectionDetails | null;
  names: ChinookNames;
  /** A statement that runs far longer than any test waits, tagged with `marker` so it can be found. */
  longQuery(marker: string): string;
  /** A result whose first rows come at once but whose total takes far longer than a test waits. */
  hugeQuery: string;
  watch(connector: Connector): Promise<StatementWatch>;
  dispose(): Promise<void>;
}

export async function postgresTarget(): Promise<EngineTarget> {
  const details = await chinookPostgres();
  return {
    label: 'PostgreSQL',
    engine: 'postgres',
    details,
    names: {
      schema: 'public',
      artist: 'artist',
      album: 'album',
      track: 'track',
      artistId: 'artist_id',
      albumId: 'album_id',
      trackId: 'track_id',
      name: 'name',
      title: 'title',
      composer: 'composer',
    },
    longQuery: (marker) => `SELECT pg_sleep(30) AS ${marker}`,
    // A set-returning function is materialized first; a cross join streams its first rows at once.
    hugeQuery: 'SELECT a.track_id AS a, b.track_id AS b, c.track_id AS c FROM track a, track b, track c',
    watch: async () => {
      const admin = new pg.Client({ ...postgresServer, database: 'postgres' });
      await admin.connect();
      return {
        running: async (marker) => {
          const result = await admin.query<{ n: string }>(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE $1 AND pid <> pg_backend_pid()",
            [`%${marker}%`],
          );
          return Number(result.rows[0]?.n) > 0;
        },
        dispose: () => admin.end(),
      };
    },
    dispose: () => Promise.resolve(),
  };
}

export async function mysqlTarget(): Promise<EngineTarget> {
  const details = await chinookMysql();
  return {
    label: 'MariaDB',
    engine: 'mysql',
    details,
    names: pascal('querent_chinook'),
    longQuery: (marker) => `SELECT SLEEP(30) AS ${marker}`,
    hugeQuery: 'SELECT a.TrackId AS a, b.TrackId AS b, c.TrackId AS c FROM Track a, Track b, Track c',
    watch: async () => {
      const admin = await mysql.createConnection(mysqlServer);
      return {
        running: async (marker) => {
          const [rows] = await admin.query<mysql.RowDataPacket[]>(
            "SELECT count(*) AS n FROM information_schema.PROCESSLIST WHERE COMMAND = 'Query' AND INFO LIKE ? AND ID <> CONNECTION_ID()",
            [`%${marker}%`],
          );
          return Number(rows[0]?.n) > 0;
        },
        dispose: () => admin.end(),
      };
    },
    dispose: () => Promise.resolve(),
  };
}

const countToBillion = (marker: string): string =>
  `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT count(*) AS ${marker} FROM c`;

export async function sqliteTarget(): Promise<EngineTarget> {
  const copy = await chinookSqliteCopy();
  return {
    label: 'SQLite',
    engine: 'sqlite',
    details: { filename: copy.filename },
    names: pascal('main'),
    longQuery: countToBillion,
    hugeQuery:
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT x FROM c',
    // SQLite runs in a host process per statement: the statement runs while that process lives.
    watch: (connector) => {
      const seen = new Set<number>();
      const pidsOf = (): number[] => (connector instanceof SqliteConnector ? connector.runningPids : []);
      return Promise.resolve({
        running: () => {
          for (const pid of pidsOf()) seen.add(pid);
          return Promise.resolve([...seen].some(isAlive));
        },
        dispose: () => Promise.resolve(),
      });
    },
    dispose: copy.remove,
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function duckdbTarget(): Promise<EngineTarget> {
  const file = await chinookDuckdbFile();
  return {
    label: 'DuckDB',
    engine: 'motherduck',
    details: { path: file.path },
    names: pascal('main'),
    longQuery: (marker) => `SELECT count(*) AS ${marker} FROM range(10000000000) t(a) WHERE a % 7 = 3`,
    hugeQuery: 'SELECT a FROM range(10000000000) t(a) WHERE a % 7 = 3',
    // DuckDB runs in this process's threads: a running statement burns CPU, a stopped one none.
    // The bar is low (5% of a core over a second) because on a busy machine other processes may
    // take most of the cores meanwhile; an idle process stays well under it.
    watch: () =>
      Promise.resolve({
        running: async () => {
          const before = process.cpuUsage();
          await new Promise((resolve) => setTimeout(resolve, 1000));
          const used = process.cpuUsage(before);
          return (used.user + used.system) / 1000 > 50;
        },
        dispose: () => Promise.resolve(),
      }),
    dispose: file.remove,
  };
}
