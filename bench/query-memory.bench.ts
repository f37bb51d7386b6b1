// A query over 10 million generated rows through POST /api/query/_run: the server must stream it
// and keep only the capped rows, so its resident memory barely moves while the database works.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import Cursor from 'pg-cursor';
import {
  connectInQuerent,
  ensurePostgresDatabase,
  postgresServer,
  runInQuerent,
  skipped,
} from './query-run.bench.ts';
import { median, startQuerent } from './server-process.ts';

const benchDatabase = 'querent_bench';
const query = 'SELECT g, md5(g::text) FROM generate_series(1, 10000000) g';
const rowCap = 10_000;
const rssLimitMb = 100;
const runs = 3;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

/** Samples a process's resident memory every few milliseconds while `work` runs; answers the peak. */
async function peakRssDuring(pid: number, work: () => Promise<void>): Promise<number> {
  let peak = rssMb(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, rssMb(pid));
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** What the server does by hand: the first cap + 1 rows through a cursor, then the true total. */
async function bareCappedAndCounted(client: pg.Client): Promise<void> {
  const cursor = client.query(new Cursor(query));
  const rows = await cursor.read(rowCap + 1);
  await cursor.close();
  const total = await client.query<{ total: string }>(`SELECT count(*) AS total FROM (${query}) AS counted`);
  if (rows.length !== rowCap + 1 || Number(total.rows[0]?.total) !== 10_000_000) {
    throw new Error('the driver returned a different result');
  }
}

export async function benchQueryMemory() {
  const title = `_run over 10,000,000 generated rows → ${rowCap.toLocaleString('en')} shown (median of ${runs})`;
  if (!(await ensurePostgresDatabase(benchDatabase))) return skipped(title);
  const client = new pg.Client({ ...postgresServer, database: benchDatabase });
  await client.connect();
  const server = await startQuerent(3301);
  const base = 'http://127.0.0.1:3301';
  const pid = server.child.pid;
  try {
    if (pid === undefined) throw new Error('the server process has no pid');
    const databaseId = await connectInQuerent(base, benchDatabase);
    // Opens the pool and warms the route, so the measurement is the result's cost alone.
    await runInQuerent(base, databaseId, 'SELECT 1');

    let result = { rows: 0, count: null as number | null, truncated: false };
    const querentOnce = async () => {
      const response = await runInQuerent(base, databaseId, query);
      const body = (await response.json()) as { rows: unknown[]; count: number | null; truncated: boolean };
      result = { rows: body.rows.length, count: body.count, truncated: body.truncated };
      if (result.rows !== rowCap || !result.truncated) {
        throw new Error(`_run did not cap the result: ${JSON.stringify(result)}`);
      }
    };

    // Growth is counted from before the first run to the highest sample of any run: memory a run
    // keeps and the next one reuses still counts.
    const before = rssMb(pid);
    let peak = before;
    const querentMs: number[] = [];
    const bareMs: number[] = [];
    for (let run = 0; run < runs; run++) {
      let ms = 0;
      peak = Math.max(
        peak,
        await peakRssDuring(pid, async () => {
          ms = await timed(querentOnce);
        }),
      );
      querentMs.push(ms);
      bareMs.push(await timed(() => bareCappedAndCounted(client)));
    }
    const querent = { mb: peak - before, ms: median(querentMs) };
    const bare = median(bareMs);

    const met = querent.mb < rssLimitMb;
    return [
      {
        benchmark: `${title}, count ${result.count ?? 'null'}`,
        querent: `${(querent.ms / 1000).toFixed(2)} s, server RSS +${querent.mb.toFixed(1)} MB`,
        baseline: `${(bare / 1000).toFixed(2)} s (pg-cursor ${rowCap + 1} rows + count(*))`,
        ratio: (querent.ms / bare).toFixed(2),
        target: `RSS growth < ${rssLimitMb} MB: ${met ? 'met' : 'NOT met'}`,
      },
    ];
  } finally {
    await server.stop();
    await client.end();
  }
}
