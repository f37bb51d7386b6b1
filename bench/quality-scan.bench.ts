// Scan auto (the deterministic data-quality scan, offline analyst) on the Demo shop and on a
// 200-table PostgreSQL schema: time and statements per table, against one SELECT count(*) per
// table through the same pooled connector in the same run.
import { autoScanPrompt, type Message, type StatusEvent } from '@querent/contracts';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { LOCAL_ADMIN_ID } from '../apps/server/src/auth/local-admin.ts';
import { ensureDemoDatabase } from '../apps/server/src/demo/ensure-demo-database.ts';
import { findDatabase } from '../apps/server/src/modules/databases/database-access.ts';
import type { RunningApp } from '../apps/server/test/helpers/test-app.ts';
import { startTestApp } from '../apps/server/test/helpers/test-app.ts';
import { ensurePostgresDatabase, postgresServer, skipped } from './query-run.bench.ts';
import { median } from './server-process.ts';

const wideDatabase = 'querent_bench_quality';
const wideTables = 200;
const rowsPerTable = 1_000;
const rescans = 3;

/** 200 tables of 1,000 rows: a key, a reference to the previous table, a required name, a few codes, an amount, a timestamp. */
async function ensureWideSchema(client: pg.Client): Promise<void> {
  const counted = await client.query<{ n: string }>(
    "SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public' AND tablename LIKE 'q%'",
  );
  if (Number(counted.rows[0]?.n) === wideTables) return;
  console.error(`Creating ${wideTables} tables in ${wideDatabase} (once)…`);
  await client.query(`DO $$
    BEGIN
      FOR i IN 1..${wideTables} LOOP
        EXECUTE format('DROP TABLE IF EXISTS %I CASCADE', 'q' || lpad(i::text, 3, '0'));
        EXECUTE format('CREATE TABLE %I (id integer PRIMARY KEY, parent_id integer %s, name text NOT NULL,
            code text, amount numeric(12,2), updated_at timestamptz NOT NULL)',
          'q' || lpad(i::text, 3, '0'),
          CASE WHEN i = 1 THEN '' ELSE format('REFERENCES %I (id)', 'q' || lpad((i - 1)::text, 3, '0')) END);
        EXECUTE format('INSERT INTO %I SELECT g, CASE WHEN %s THEN NULL ELSE g END, ''name '' || g,
            (ARRAY[''A'', ''B'', ''C'', ''D''])[1 + g %% 4], g * 1.5, now() - (g || '' minutes'')::interval
            FROM generate_series(1, ${rowsPerTable}) g',
          'q' || lpad(i::text, 3, '0'), CASE WHEN i = 1 THEN 'true' ELSE 'false' END);
      END LOOP;
    END $$`);
  await client.query('ANALYZE');
}

interface ScanReport {
  tables: number;
  statements: number;
  duration_ms: number;
}

/** Scan auto as the control page sends it, over a real polling socket; answers the scan's own report. */
async function scanOnce(
  app: RunningApp,
  socket: Socket,
  databaseId: string,
): Promise<ScanReport & { wallMs: number }> {
  const created = await fetch(`${app.baseUrl}/api/conversations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ contextId: `database-${databaseId}` }),
  });
  const conversationId = ((await created.json()) as { id: string }).id;
  const done = new Promise<StatusEvent>((resolve) => {
    const onStatus = (event: StatusEvent) => {
      if (event.conversation_id !== conversationId || event.status === 'running') return;
      socket.off('status', onStatus);
      resolve(event);
    };
    socket.on('status', onStatus);
  });
  const started = performance.now();
  socket.emit('ask', conversationId, autoScanPrompt);
  const end = await done;
  const wallMs = performance.now() - started;
  if (end.status !== 'clear') throw new Error(`the scan ended with ${JSON.stringify(end)}`);
  const stored = (await (await fetch(`${app.baseUrl}/api/conversations/${conversationId}`)).json()) as {
    messages: Message[];
  };
  const result = stored.messages.find(
    (message) => message.role === 'function' && message.functionCall?.name === 'scan_database',
  );
  const report = JSON.parse(result?.content ?? '{}') as Partial<ScanReport> & { error?: string };
  if (report.error || report.tables === undefined)
    throw new Error(`the scan failed: ${result?.content ?? 'no result'}`);
  return {
    tables: report.tables,
    statements: report.statements ?? 0,
    duration_ms: report.duration_ms ?? 0,
    wallMs,
  };
}

/** One SELECT count(*) per table through the same pooled connector, as the baseline. */
async function countEveryTable(app: RunningApp, databaseId: string): Promise<number> {
  const database = await findDatabase(app.built.store.db, databaseId);
  if (!database) throw new Error('no database');
  const connector = app.built.databases.connections.forDatabase(database);
  const schema = await connector.introspect();
  const started = performance.now();
  for (const entry of schema.schemas) {
    for (const table of entry.tables) {
      const name =
        entry.name && entry.name !== 'main' ? `"${entry.name}"."${table.name}"` : `"${table.name}"`;
      await connector.run(`SELECT count(*) FROM ${name}`, { rowCap: 1, timeoutMs: 60_000, readOnly: true });
    }
  }
  return performance.now() - started;
}

async function measure(label: string, app: RunningApp, databaseId: string) {
  const socket = connect(app.baseUrl, { transports: ['polling'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  try {
    const first = await scanOnce(app, socket, databaseId);
    const again: number[] = [];
    const counts: number[] = [];
    let statements = first.statements;
    for (let run = 0; run < rescans; run++) {
      const scan = await scanOnce(app, socket, databaseId);
      again.push(scan.duration_ms);
      statements = scan.statements;
      counts.push(await countEveryTable(app, databaseId));
    }
    const rescan = median(again);
    const baseline = median(counts);
    return {
      benchmark: `Scan auto, ${label} (${first.tables} tables; first scan, then median of ${rescans} rescans)`,
      querent: `${(first.duration_ms / 1000).toFixed(2)} s first, ${(rescan / 1000).toFixed(2)} s again; ${statements} statements (${(statements / first.tables).toFixed(1)} per table)`,
      baseline: `${baseline.toFixed(0)} ms: ${first.tables} × SELECT count(*)`,
      ratio: (rescan / baseline).toFixed(1),
      target: 'profile + checks in ≤ 3 statements per table on clean data',
    };
  } finally {
    socket.disconnect();
  }
}

/**
 * What is compared (docs/ARCHITECTURE.md, benchmarks): the whole scan in process, asked as the
 * control page asks it (offline analyst, real socket, real tool), its time and the statements it
 * sent, against the cheapest look at every table, one count(*) each, through the same connector.
 */
export async function benchQualityScan() {
  const rows = [];
  const app = await startTestApp();
  try {
    const demo = await ensureDemoDatabase({
      db: app.built.store.db,
      secrets: app.built.databases.secrets,
      dataDir: app.config.dataDir,
      ownerId: LOCAL_ADMIN_ID,
    });
    if (!demo.created) throw new Error('the demo database was not created');
    rows.push(await measure('Demo shop', app, demo.databaseId));

    const wideTitle = `Scan auto, ${wideTables}-table PostgreSQL schema`;
    if (!(await ensurePostgresDatabase(wideDatabase))) {
      rows.push(...skipped(wideTitle));
    } else {
      const client = new pg.Client({ ...postgresServer, database: wideDatabase });
      await client.connect();
      try {
        await ensureWideSchema(client);
      } finally {
        await client.end();
      }
      const created = await fetch(`${app.baseUrl}/api/databases`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: wideDatabase,
          engine: 'postgres',
          details: { ...postgresServer, password: postgresServer.password || null, database: wideDatabase },
        }),
      });
      if (!created.ok) throw new Error(`creating the database failed: ${await created.text()}`);
      rows.push(
        await measure(
          `${wideTables}-table PostgreSQL schema`,
          app,
          ((await created.json()) as { id: string }).id,
        ),
      );
    }
  } finally {
    await app.stop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) console.table(await benchQualityScan());
