import { readFileSync } from 'node:fs';
import { startQuerent } from './server-process.ts';
const sql = 'SELECT id, name, amount, created_at, flag, note FROM export_rows ORDER BY id';
const q = await startQuerent(3272);
const pid = q.child.pid as number;
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8'); const s = f.slice(f.lastIndexOf(')') + 2).split(' '); return (Number(s[11]) + Number(s[12])) * 10; };
const sys = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8'); const s = f.slice(f.lastIndexOf(')') + 2).split(' '); return Number(s[12]) * 10; };
const base = 'http://127.0.0.1:3272';
const post = async (path: string, body: unknown) => (await (await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { id: string };
const db = await post('/api/databases', { name: 'Bench', engine: 'postgres', details: { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'querent_bench' } });
const saved = await post('/api/query', { title: 'Export rows', sql, databaseId: db.id });
async function run(name: string, url: string, init: RequestInit) {
  const s0 = sys(); const c0 = cpu(); const t0 = performance.now(); const m0 = process.cpuUsage();
  const r = await fetch(url, init); let bytes = 0;
  for await (const chunk of r.body as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const me = process.cpuUsage(m0); console.log(name.padEnd(5), (performance.now() - t0).toFixed(0).padStart(6), 'ms', String(cpu() - c0).padStart(5), 'ms server cpu', sys() - s0, 'sys', ((me.user + me.system) / 1000).toFixed(0), 'client cpu', bytes);
}
const viaPost = () => run('POST', `${base}/api/query/_export`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: sql, databaseId: db.id, format: 'csv' }) });
const viaGet = () => run('GET', `${base}/api/query/${saved.id}/export?format=csv`, {});
import { spawn } from 'node:child_process';
const psql = () => new Promise<void>((resolve) => { const t0 = performance.now(); const m0 = process.cpuUsage(); const c = spawn('psql', ['-X', '-h', '127.0.0.1', '-U', 'postgres', '-d', 'querent_bench', '-c', `\\copy (${sql}) to stdout csv header`]); let n = 0; c.stdout.on('data', (d: Buffer) => { n += d.length; }); c.on('exit', () => { const me = process.cpuUsage(m0); console.log('psql ', (performance.now() - t0).toFixed(0).padStart(6), 'ms', ((me.user + me.system) / 1000).toFixed(0), 'client cpu', n); resolve(); }); });
const rows: string[] = [];
for (let i = 0; i < 4; i++) { await psql(); if (i % 2 === 0) { await viaPost(); await viaGet(); } else { await viaGet(); await viaPost(); } }
await q.stop();
