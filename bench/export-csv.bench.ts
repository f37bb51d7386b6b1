// CSV export of 1,000,000 rows through a real Querent server, against psql's \copy of the same
// query, with the server's resident memory sampled during the export.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import pg from 'pg';
import { median, startQuerent } from './server-process.ts';

const server = {
  host: process.env.PGHOST ?? '127.0.0.1',
  port: Number(process.env.PGPORT ?? 5432),
  user: process.env.PGUSER ?? 'postgres',
};
const benchDatabase = 'querent_bench';
const rowCount = 1_000_000;
const runs = 6;
const sql = 'SELECT id, name, amount, created_at, flag, note FROM export_rows ORDER BY id';

/** Creates querent_bench.export_rows once; later runs find it complete and reuse it. */
async function ensureBenchTable(): Promise<void> {
  const admin = new pg.Client({ ...server, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [benchDatabase]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${benchDatabase}`);
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ ...server, database: benchDatabase });
  await client.connect();
  try {
    const table = await client.query<{ present: boolean }>(
      "SELECT to_regclass('export_rows') IS NOT NULL AS present",
    );
    if (table.rows[0]?.present === true) {
      const count = await client.query<{ n: string }>('SELECT count(*) AS n FROM export_rows');
      if (Number(count.rows[0]?.n) === rowCount) return;
    }
    // Names and notes include commas and quotes now and then, so CSV quoting is part of the work.
    await client.query(`
      DROP TABLE IF EXISTS export_rows;
      CREATE TABLE export_rows (
        id integer PRIMARY KEY, name text NOT NULL, amount numeric(12, 2), created_at timestamp, flag boolean, note text
      );
      INSERT INTO export_rows
      SELECT g,
             'customer ' || g,
             round((g % 100000) / 7.0, 2),
             timestamp '2020-01-01' + g * interval '1 minute',
             g % 3 = 0,
             CASE WHEN g % 10 = 0 THEN 'note, with "quotes" ' || g WHEN g % 10 = 1 THEN NULL ELSE 'plain note' END
      FROM generate_series(1, ${rowCount}) AS g;
      ANALYZE export_rows;`);
  } finally {
    await client.end();
  }
}

interface Transfer {
  ms: number;
  bytes: number;
  lines: number;
}

function countNewlines(chunk: Uint8Array): number {
  let count = 0;
  for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) count++;
  return count;
}

function psqlCopy(): Promise<Transfer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('psql', [
      '-X',
      '-h',
      server.host,
      '-p',
      String(server.port),
      '-U',
      server.user,
      '-d',
      benchDatabase,
      '-c',
      `\\copy (${sql}) to stdout csv header`,
    ]);
    let bytes = 0;
    let lines = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      lines += countNewlines(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve({ ms: performance.now() - started, bytes, lines });
      else reject(new Error(`psql exited with ${code}`));
    });
  });
}

async function querentExport(url: string, init: RequestInit): Promise<Transfer> {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok || !response.body)
    throw new Error(`Export answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    lines += countNewlines(chunk);
  }
  return { ms: performance.now() - started, bytes, lines };
}

function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

/** Runs `work` while sampling the process's RSS every 20 ms; answers the peak seen. */
async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssBytes(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 20);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rssBytes(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/** CPU time (user + system) the process has used so far, in ms, from /proc/<pid>/stat. */
function cpuMs(pid: number): number {
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

/** Every order of three sides: each runs first, second and third, and after each other, alike. */
const orders = [
  [0, 1, 2],
  [1, 2, 0],
  [2, 0, 1],
  [0, 2, 1],
  [2, 1, 0],
  [1, 0, 2],
];

// A full collection in this process and a pause before each side, so none starts while the
// previous one is still being cleaned up here or in the server.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
function settle(): Promise<void> {
  collectGarbage();
  return new Promise((resolve) => setTimeout(resolve, 300));
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function benchExportCsv() {
  await ensureBenchTable();
  const querent = await startQuerent(3270);
  const pid = querent.child.pid;
  if (pid === undefined) throw new Error('The server has no pid');
  const rssAtStart = rssBytes(pid);
  try {
    const base = 'http://127.0.0.1:3270';
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { id: string };
    };
    const database = await post('/api/databases', {
      name: 'Bench',
      engine: 'postgres',
      details: { ...server, database: benchDatabase },
    });
    const saved = await post('/api/query', { title: 'Export rows', sql, databaseId: database.id });
    const viaPost = () =>
      querentExport(`${base}/api/query/_export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: sql, databaseId: database.id, format: 'csv' }),
      });
    const viaGet = () => querentExport(`${base}/api/query/${saved.id}/export?format=csv`, {});

    // One warm-up each: connections, JIT and the table's pages in cache, for every side alike.
    await psqlCopy();
    await viaPost();
    await viaGet();
    const rssBefore = rssBytes(pid);
    const psql: Transfer[] = [];
    const posted: Transfer[] = [];
    const got: Transfer[] = [];
    // Peak of each export: flat memory means these do not climb from one export to the next.
    const peaks: number[] = [];
    const sides = [
      async () => {
        psql.push(await psqlCopy());
      },
      async () => {
        const { result, peak } = await withPeakRss(pid, viaPost);
        posted.push(result);
        peaks.push(peak);
      },
      async () => {
        const { result, peak } = await withPeakRss(pid, viaGet);
        got.push(result);
        peaks.push(peak);
      },
    ];
    const cpuBefore = cpuMs(pid);
    // The six rounds take the three sides in each of their six orders, and every side starts
    // after a pause: what a side leaves behind (this process and the server collecting the
    // garbage of 66 MB read, the database's backend finishing) weighs on whichever comes next.
    // Rotating one order (psql, POST, GET) put GET after POST every time and POST after psql:
    // the two routes, the same code once the SQL is known, read 1.00 and 1.18 in one run, and
    // the other way round when the order was the other way round.
    for (let run = 0; run < runs; run++) {
      for (const index of orders[run % orders.length] ?? []) {
        await settle();
        await sides[index]?.();
      }
    }
    // Server CPU per export: with wall time, it tells work from waiting on a busy machine.
    const serverCpuPerExport = (cpuMs(pid) - cpuBefore) / (runs * 2);
    const peak = Math.max(...peaks);
    for (const transfer of [...posted, ...got]) {
      if (transfer.lines !== rowCount + 1)
        throw new Error(`Expected ${rowCount + 1} lines, got ${transfer.lines}`);
    }
    const baseline = median(psql.map((run) => run.ms));
    const postMs = median(posted.map((run) => run.ms));
    const getMs = median(got.map((run) => run.ms));
    const psqlBytes = psql[0]?.bytes ?? 0;
    const ourBytes = posted[0]?.bytes ?? 0;
    return [
      {
        benchmark: `CSV export, ${rowCount.toLocaleString('en')} rows, POST /api/query/_export (median of ${runs})`,
        querent: `${postMs.toFixed(0)} ms, ${mb(ourBytes)} (server CPU ${serverCpuPerExport.toFixed(0)} ms per export)`,
        baseline: `${baseline.toFixed(0)} ms, ${mb(psqlBytes)} (psql \\copy … csv)`,
        ratio: (postMs / baseline).toFixed(2),
        target: '≤ 1',
      },
      {
        benchmark: `CSV export, ${rowCount.toLocaleString('en')} rows, GET /api/query/{id}/export (median of ${runs})`,
        querent: `${getMs.toFixed(0)} ms`,
        baseline: `${baseline.toFixed(0)} ms (psql \\copy … csv)`,
        ratio: (getMs / baseline).toFixed(2),
        target: '≤ 1',
      },
      {
        benchmark: `server RSS during ${runs * 2} CSV exports of ${rowCount.toLocaleString('en')} rows`,
        querent: `peak ${mb(peak)} (+${mb(peak - rssBefore)}); per export ${peaks.map((value) => (value / 1024 / 1024).toFixed(0)).join(', ')} MB`,
        baseline: `${mb(rssBefore)} after one warm-up export (${mb(rssAtStart)} at start)`,
        ratio: (peak / rssBefore).toFixed(2),
        target: 'flat (report)',
      },
    ];
  } finally {
    await querent.stop();
  }
}
