// Many conversations at once on two instances behind a sticky proxy: nothing lost, latency, store cost.
import pg from 'pg';
import type { ChatSocket } from './chat-latency.bench.ts';
import { demoDatabaseId, newConversation, storedMessages } from './chat-latency.bench.ts';
import { listen, problems } from './chat-concurrency.bench.ts';
import { ensurePostgresDatabase, postgresServer, skipped } from './query-run.bench.ts';
import { connectThroughProxy, startCluster, type Cluster } from './scale-cluster.ts';
import { difference, readCounters, settleStats, type StoreCounters } from './store-counters.ts';

const database = 'querent_bench_scale';
const question = 'how many customers are there?';

function positiveFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

interface Asked {
  conversationId: string;
  firstStatusMs: number;
  answerMs: number;
}

/** Asks every conversation at once, each on its socket; resolves with the timings. */
function askAll(plan: { socket: ChatSocket; conversationId: string }[], timeoutMs: number): Promise<Asked[]> {
  return Promise.all(
    plan.map(
      ({ socket, conversationId }) =>
        new Promise<Asked>((resolve, reject) => {
          let firstStatusMs = Number.NaN;
          const timer = setTimeout(() => {
            socket.off('status', onStatus);
            reject(new Error(`no answer for ${conversationId} within ${timeoutMs} ms`));
          }, timeoutMs);
          const onStatus = (event: { conversation_id: string; status: string }) => {
            if (event.conversation_id !== conversationId) return;
            const ms = performance.now() - started;
            if (Number.isNaN(firstStatusMs)) firstStatusMs = ms;
            if (event.status === 'running') return;
            clearTimeout(timer);
            socket.off('status', onStatus);
            if (event.status !== 'clear')
              reject(new Error(`${conversationId} ended ${JSON.stringify(event)}`));
            else resolve({ conversationId, firstStatusMs, answerMs: ms });
          };
          socket.on('status', onStatus);
          const started = performance.now();
          socket.emit('ask', conversationId, question);
        }),
    ),
  );
}

/**
 * The baseline: the rows the turns left in `messages`, inserted again one statement each into a
 * copy of the table with no other work, many at once. Only the inserts are counted: the copy's
 * set-up is published before the first reading.
 */
async function bareInsert(conversationIds: string[]): Promise<{ rows: number; counters: StoreCounters }> {
  const pool = new pg.Pool({ ...postgresServer, database, max: 20 });
  try {
    await pool.query('DROP TABLE IF EXISTS bare_messages');
    await pool.query('CREATE TABLE bare_messages (LIKE messages INCLUDING ALL)');
    const { rows } = await pool.query<Record<string, unknown>>(
      'SELECT * FROM messages WHERE conversation_id = ANY($1) ORDER BY conversation_id, seq',
      [conversationIds],
    );
    await settleStats();
    const before = await readCounters(database);
    if (rows.length > 0) await insertEach(pool, rows);
    await settleStats();
    return { rows: rows.length, counters: difference(await readCounters(database), before) };
  } finally {
    await pool.end();
  }
}

async function insertEach(pool: pg.Pool, rows: Record<string, unknown>[]): Promise<void> {
  const columns = Object.keys(rows[0] as object);
  const sql = `INSERT INTO bare_messages (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`;
  await Promise.all(
    rows.map((row) =>
      pool.query(
        sql,
        columns.map((column) => jsonable(row[column])),
      ),
    ),
  );
}

/** pg reads json columns as objects; written back they must be JSON text again. */
function jsonable(value: unknown): unknown {
  return value !== null && typeof value === 'object' && !(value instanceof Date)
    ? JSON.stringify(value)
    : value;
}

function perTurn(counters: StoreCounters, turns: number): string {
  const each = (value: number) => (value / turns).toFixed(1);
  return `${each(counters.transactions)} transactions, ${each(counters.rowsWritten)} rows written, ${each(counters.rowsRead)} rows read, ${(counters.activeMs / turns).toFixed(2)} ms in statements`;
}

async function measure(cluster: Cluster, conversationCount: number, socketCount: number) {
  const { base } = cluster;
  const sockets = await Promise.all(Array.from({ length: socketCount }, () => connectThroughProxy(base)));
  try {
    const records = sockets.map(listen);
    const databaseId = await demoDatabaseId(base);
    const plan: { socket: ChatSocket; conversationId: string }[] = [];
    for (let index = 0; index < conversationCount; index++)
      plan.push({
        socket: sockets[index % socketCount] as ChatSocket,
        conversationId: await newConversation(base, databaseId),
      });
    await settleStats();
    const before = await readCounters(database);
    const started = performance.now();
    const asked = await askAll(plan, 300_000);
    const wallMs = performance.now() - started;
    await settleStats();
    const turns = difference(await readCounters(database), before);

    const found: string[] = [];
    let messages = 0;
    for (const { conversationId } of plan) {
      const stored = await storedMessages(base, conversationId);
      messages += stored.length;
      for (const [index, record] of records.entries())
        for (const problem of problems(record.get(conversationId) ?? [], stored))
          found.push(`socket ${index}, conversation ${conversationId}: ${problem}`);
    }
    const ids = plan.map((entry) => entry.conversationId);
    // The instances' background work (leases, sweeps) must not count against the baseline.
    for (const instance of cluster.instances) await instance.stop();
    const { rows: bareRows, counters: bare } = await bareInsert(ids);
    return { asked, wallMs, turns, bare, bareRows, messages, found };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

/**
 * What is measured: two real Querent processes on one PostgreSQL store and one Redis, behind the
 * bench's sticky proxy; SCALE_SOCKETS polling sockets of the same (local) user, half pinned to
 * each instance, ask SCALE_CONVERSATIONS new conversations (default 500) the offline analyst's
 * question on the demo database, all at once. Every socket hears every conversation, so each
 * record, including those crossing instances through Redis, is checked against the store: nothing
 * lost, duplicated or out of order. The store's cost per turn (pg_stat_database of the store) is
 * compared with inserting the same message rows bare, one statement each, in the same run.
 */
export async function benchChatScale() {
  const conversationCount = positiveFromEnv('SCALE_CONVERSATIONS', 500);
  const socketCount = positiveFromEnv('SCALE_SOCKETS', 20);
  const title = `${conversationCount} conversations at once, 2 instances behind a sticky proxy, ${socketCount} polling sockets`;
  if (!(await ensurePostgresDatabase('postgres'))) return skipped(title);
  const cluster = await startCluster(database, [3350, 3351], 3349);
  try {
    const result = await measure(cluster, conversationCount, socketCount);
    if (result.found.length > 0)
      console.error(
        `chat scale: ${result.found.length} problems, the first ones:\n${result.found.slice(0, 20).join('\n')}`,
      );
    const first = result.asked.map((entry) => entry.firstStatusMs);
    const answer = result.asked.map((entry) => entry.answerMs);
    const verdict =
      result.found.length === 0
        ? 'every message once and in order on every socket'
        : `${result.found.length} PROBLEMS`;
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    return [
      {
        benchmark: title,
        querent: `${(result.wallMs / 1000).toFixed(1)} s for all, ${result.messages} stored messages; ${verdict}`,
        baseline: `requests per instance through the proxy: ${cluster.proxy.served.join(' / ')}`,
        ratio: '-',
        target: 'no message lost, duplicated or out of order',
      },
      {
        benchmark: 'chat scale: ask → first status, ask → answer (p50 / p95)',
        querent: `first status ${ms(percentile(first, 0.5))} / ${ms(percentile(first, 0.95))}; answer ${ms(percentile(answer, 0.5))} / ${ms(percentile(answer, 0.95))}`,
        baseline: '-',
        ratio: '-',
        target: '-',
      },
      {
        benchmark: 'chat scale: store cost per turn (pg_stat_database)',
        querent: perTurn(result.turns, conversationCount),
        baseline: `bare insert of the same ${result.bareRows} message rows: ${perTurn(result.bare, conversationCount)}`,
        ratio: (result.turns.activeMs / Math.max(result.bare.activeMs, 0.001)).toFixed(1),
        target: '-',
      },
    ];
  } finally {
    await cluster.stop();
  }
}
