// Two Querent instances on one PostgreSQL store and Redis behind the sticky proxy, as a team deploys it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import type { ChatSocket } from './chat-latency.bench.ts';
import { postgresServer } from './query-run.bench.ts';
import { startQuerent } from './server-process.ts';
import { startStickyProxy, type StickyProxy } from './sticky-proxy.ts';

export interface Cluster {
  base: string;
  database: string;
  proxy: StickyProxy;
  ports: [number, number];
  instances: { child: ChildProcess; stop: () => Promise<void> }[];
  stop(): Promise<void>;
}

/** Drops and creates `database` so each run starts from an empty store. */
async function freshDatabase(database: string): Promise<void> {
  const admin = new pg.Client({ ...postgresServer, database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
  } finally {
    await admin.end();
  }
}

/**
 * Starts the instances one after the other (the first migrates the store and makes the demo
 * database, the second finds both), on one data directory so the demo SQLite file is the same.
 */
export async function startCluster(
  database: string,
  ports: [number, number],
  proxyPort: number,
  extraEnv: Record<string, string> = {},
): Promise<Cluster> {
  await freshDatabase(database);
  const password = postgresServer.password ? `:${encodeURIComponent(postgresServer.password)}` : '';
  const shared = {
    DATABASE_URL: `postgres://${postgresServer.user}${password}@${postgresServer.host}:${postgresServer.port}/${database}`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'querent-scale-')),
    ...extraEnv,
  };
  const instances: Cluster['instances'] = [];
  for (const port of ports)
    instances.push(await startQuerent(port, { ...shared, INSTANCE_ID: `bench-${port}` }));
  const proxy = await startStickyProxy(ports, proxyPort);
  return {
    base: proxy.url,
    database,
    proxy,
    ports,
    instances,
    async stop() {
      await proxy.close();
      for (const instance of instances) await instance.stop();
    },
  };
}

/**
 * A Socket.IO client over polling through the proxy; it keeps the proxy's cookie (withCredentials
 * turns on the client's cookie jar in Node), so all its requests reach one instance.
 */
export async function connectThroughProxy(base: string): Promise<ChatSocket> {
  const socket: ChatSocket = connect(base, {
    transports: ['polling'],
    reconnection: false,
    timeout: 20_000,
    withCredentials: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
