import { startQuerent } from './server-process.ts';
const sql = 'SELECT id, name, amount, created_at, flag, note FROM export_rows ORDER BY id';
const q = await startQuerent(3272, { NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/perf/exp-prof' });
const base = 'http://127.0.0.1:3272';
const post = async (path: string, body: unknown) => (await (await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { id: string };
const db = await post('/api/databases', { name: 'Bench', engine: 'postgres', details: { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'querent_bench' } });
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  const r = await fetch(`${base}/api/query/_export`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: sql, databaseId: db.id, format: 'csv' }) });
  let bytes = 0; for await (const c of r.body as AsyncIterable<Uint8Array>) bytes += c.length;
  console.log((performance.now() - t0).toFixed(0), bytes);
}
await q.stop();
