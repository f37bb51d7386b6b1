// POST /api/query/_run against the bare `pg` driver running the same 10,000-row × 10-column query.
import pg from 'pg';
import { median, startQuerent } from './server-process.ts';

/** The machine's PostgreSQL (trust auth), as the server's connector suites use it. */
export const postgresServer = {
  host: process.env.PGHOST ?? '127.0.0.1',
  port: Number(process.env.PGPORT ?? 5432),
  user: process.env.PGUSER ?? 'postgres',
  password: process.env.PGPASSWORD ?? '',
};

const benchDatabase = 'querent_bench';
const rowCount = 10_000;
const query = 'SELECT * FROM bench_rows ORDER BY id';
const warmUps = 3;
const runs = 15;

/**
 * Creates the database when it is missing (names are ours, so no quoting). Answers false when
 * PostgreSQL is not reachable: a laptop without it skips these benches, CI=true fails instead.
 */
export async function ensurePostgresDatabase(name: string): Promise<boolean> {
  const admin = new pg.Client({ ...postgresServer, database: 'postgres', connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    if (process.env.CI === 'true') throw error;
    console.error(
      `PostgreSQL is not reachable at ${postgresServer.host}:${postgresServer.port}: ${String(error)}`,
    );
    return false;
  }
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
    return true;
  } finally {
    await admin.end();
  }
}

/** The table line of a bench that could not run. */
export function skipped(benchmark: string) {
  return [{ benchmark, querent: 'skipped', baseline: 'PostgreSQL not reachable', ratio: '-', target: '-' }];
}

/** Registers a PostgreSQL database in a running Querent and answers its id. */
export async function connectInQuerent(base: string, database: string): Promise<string> {
  const response = await fetch(`${base}/api/databases`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: database,
      engine: 'postgres',
      details: { ...postgresServer, password: postgresServer.password || null, database },
    }),
  });
  if (!response.ok) throw new Error(`creating the database failed: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** Runs SQL through POST /api/query/_run; resolves once the whole body has arrived. */
export async function runInQuerent(base: string, databaseId: string, sql: string): Promise<Response> {
  const response = await fetch(`${base}/api/query/_run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: sql, databaseId }),
  });
  if (!response.ok) throw new Error(`_run failed (${response.status}): ${await response.text()}`);
  return response;
}

// Ten columns of the types results usually carry, so the comparison includes numeric, date and
// timestamp conversion, not only integers.
async function ensureBenchTable(client: pg.Client): Promise<void> {
  const table = await client.query<{ found: string | null }>(
    "SELECT to_regclass('public.bench_rows') AS found",
  );
  if (table.rows[0]?.found) {
    const present = await client.query<{ rows: string }>('SELECT count(*) AS rows FROM bench_rows');
    if (Number(present.rows[0]?.rows) === rowCount) return;
  }
  await client.query('DROP TABLE IF EXISTS bench_rows');
  await client.query(`CREATE TABLE bench_rows (
    id integer PRIMARY KEY, customer_id integer NOT NULL, amount numeric(12, 2), ratio double precision,
    quantity bigint, label text, code varchar(16), active boolean, created_on date, updated_at timestamptz)`);
  await client.query(
    `INSERT INTO bench_rows
     SELECT g, g % 997, (g * 1.37)::numeric(12, 2), g / 7.0, g::bigint * 1000, 'label ' || g,
            'C' || lpad(g::text, 6, '0'), g % 2 = 0, date '2024-01-01' + g % 365,
            timestamptz '2024-01-01 00:00Z' + g * interval '1 minute'
       FROM generate_series(1, $1::integer) AS g`,
    [rowCount],
  );
  await client.query('ANALYZE bench_rows');
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * What is compared, and why (DESIGN.md §8 wants Querent and a baseline in the same run):
 *
 * - Querent: POST /api/query/_run from this process, timed until the JSON body is parsed into row
 *   objects. That is everything the API does (auth, safe-mode check, row cap, value conversion,
 *   history record) plus the HTTP hop.
 * - The target baseline: the bare `pg` driver in this process returning its rows, followed by
 *   the one JSON round trip (stringify, then parse) of the same result as _run returns it. _run
 *   must answer JSON, so encoding and parsing 2 MB of rows is the interface's cost, paid by any
 *   HTTP API over any driver; counting it on both sides leaves Querent's own overhead and the
 *   HTTP hop in the ratio. The JSON is that of _run's rows, not of the driver's: its Date
 *   objects make JSON.stringify several times slower, which would flatter Querent.
 * - For reference, the driver alone (no JSON): how a library user gets rows. The JSON round trip
 *   by itself is shown too; it is a large part of the driver's time, so no JSON API comes near
 *   1.0 on that line.
 *
 * Runs are interleaved, each round in a rotated order, so a noisy moment on a shared machine
 * hits every side alike; the medians are compared.
 */
export async function benchQueryRun() {
  const title = `_run, ${rowCount.toLocaleString('en')} rows × 10 columns (median of ${runs})`;
  if (!(await ensurePostgresDatabase(benchDatabase))) return skipped(title);
  const client = new pg.Client({ ...postgresServer, database: benchDatabase });
  await client.connect();
  const server = await startQuerent(3300);
  const base = 'http://127.0.0.1:3300';
  try {
    await ensureBenchTable(client);
    const databaseId = await connectInQuerent(base, benchDatabase);

    const serverMs: number[] = [];
    let querentRows: unknown[] = [];
    const querentOnce = async () => {
      const response = await runInQuerent(base, databaseId, query);
      const body = (await response.json()) as { rows: unknown[]; truncated: boolean; durationMs: number };
      if (body.rows.length !== rowCount || body.truncated)
        throw new Error('_run returned a different result');
      serverMs.push(body.durationMs);
      querentRows = body.rows;
    };
    const inProcessOnce = async () => {
      const result = await client.query(query);
      if (result.rows.length !== rowCount) throw new Error('the driver returned a different result');
    };
    const jsonRoundTrip = () => JSON.parse(JSON.stringify({ rows: querentRows })) as unknown;
    const baselineOnce = async () => {
      await inProcessOnce();
      jsonRoundTrip();
    };
    const jsonOnce = () => {
      jsonRoundTrip();
      return Promise.resolve();
    };

    const sides = [querentOnce, baselineOnce, inProcessOnce, jsonOnce];
    for (let run = 0; run < warmUps; run++) for (const side of sides) await side();
    serverMs.length = 0;
    const times: number[][] = sides.map(() => []);
    for (let run = 0; run < runs; run++) {
      for (let turn = 0; turn < sides.length; turn++) {
        const index = (run + turn) % sides.length;
        times[index]?.push(await timed(sides[index] as () => Promise<void>));
      }
    }
    const [q, baseline, inProcess, json] = times.map(median) as [number, number, number, number];
    const querent = `${q.toFixed(1)} ms (in its connector ${median(serverMs).toFixed(0)} ms)`;
    return [
      {
        benchmark: title,
        querent,
        baseline: `${baseline.toFixed(1)} ms (bare pg in process + one JSON stringify and parse)`,
        ratio: (q / baseline).toFixed(2),
        target: '≤ 1.3',
      },
      {
        benchmark: '_run, same query: reference',
        querent,
        baseline: `${inProcess.toFixed(1)} ms (bare pg in process, no JSON; the JSON alone ${json.toFixed(1)} ms)`,
        ratio: (q / inProcess).toFixed(2),
        target: '-',
      },
    ];
  } finally {
    await server.stop();
    await client.end();
  }
}
