// A long steady chat load on two instances: each instance's memory must stay flat after warm-up.
import type { ChatSocket } from './chat-latency.bench.ts';
import { demoDatabaseId, newConversation, nextStatus } from './chat-latency.bench.ts';
import { ensurePostgresDatabase, skipped } from './query-run.bench.ts';
import { connectThroughProxy, startCluster } from './scale-cluster.ts';

const database = 'querent_bench_soak';
const question = 'how many customers are there?';
const sampleEveryMs = 5_000;
// Growth the fitted line may show over the measured window, as a share of the median level.
const allowedGrowth = 0.1;

interface Sample {
  minute: number;
  rss: number;
  heap: number;
  /** Heap in use after the last full collection; NaN before the first one. */
  live: number;
}

/** The instance's resident set, used heap and heap kept alive, from its own Prometheus metrics. */
async function memoryOf(port: number): Promise<Omit<Sample, 'minute'>> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const read = (name: string, required = true) => {
    const match = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text);
    if (!match && required) throw new Error(`/metrics has no ${name}`);
    return match ? Number(match[1]) : Number.NaN;
  };
  return {
    rss: read('process_resident_memory_bytes'),
    heap: read('nodejs_heap_size_used_bytes'),
    live: read('querent_heap_after_major_gc_bytes', false),
  };
}

/** Least-squares slope of y over x (minutes). */
export function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let top = 0;
  let bottom = 0;
  for (const p of points) {
    top += (p.x - meanX) * (p.y - meanY);
    bottom += (p.x - meanX) ** 2;
  }
  return bottom === 0 ? 0 : top / bottom;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * The lowest point of each of six stretches of the window: the heap climbs between collections
 * and drops after each, so the troughs show what stays alive, where single samples show the saw.
 */
function troughs(samples: Sample[], pick: (sample: Sample) => number): { x: number; y: number }[] {
  const stretches = 6;
  const found: { x: number; y: number }[] = [];
  for (let index = 0; index < stretches; index++) {
    const part = samples.slice(
      Math.floor((index * samples.length) / stretches),
      Math.floor(((index + 1) * samples.length) / stretches),
    );
    const lowest = part.reduce<Sample | undefined>(
      (low, s) => (low && pick(low) <= pick(s) ? low : s),
      undefined,
    );
    if (lowest) found.push({ x: lowest.minute, y: pick(lowest) });
  }
  return found;
}

/** One socket asking turn after turn, each in a new conversation, until `until`. */
async function keepAsking(
  base: string,
  databaseId: string,
  socket: ChatSocket,
  until: number,
): Promise<number> {
  let turns = 0;
  while (performance.now() < until) {
    const conversationId = await newConversation(base, databaseId);
    const end = nextStatus(socket, conversationId, (event) => event.status !== 'running', 60_000);
    socket.emit('ask', conversationId, question);
    const status = await end;
    if (status.status !== 'clear') throw new Error(`${conversationId} ended with ${JSON.stringify(status)}`);
    turns++;
  }
  return turns;
}

/**
 * What is measured: the two-instance cluster of chat-scale, with SOAK_SOCKETS (default 10)
 * polling sockets asking the offline analyst one turn after another, each in a new conversation,
 * for SOAK_MINUTES (default 10). Each instance's RSS, used heap and heap kept after the last full
 * collection (querent_heap_after_major_gc_bytes) are sampled every 5 s from its /metrics; after a
 * warm-up of the first fifth, the least-squares slope must project a growth of at most 10 % of the
 * median level over the measured window, for RSS (fitted to the lowest sample of each sixth of
 * the window) and the kept heap (fitted to every sample: each is already read after a collection).
 * The used heap is shown, not judged: it counts garbage not yet collected, so its lowest points
 * drift with when the collector chooses to run (heap snapshots of both instances showed the
 * objects kept flat while those lowest points rose). The baseline is the same instances' memory
 * at the end of the warm-up.
 */
export async function benchChatSoak() {
  const minutes = Number(process.env.SOAK_MINUTES ?? 10);
  if (!(minutes > 0)) throw new Error('SOAK_MINUTES must be a positive number');
  const socketCount = Number(process.env.SOAK_SOCKETS ?? 10);
  const title = `chat soak, ${minutes} min (SOAK_MINUTES), 2 instances, ${socketCount} sockets asking turn after turn`;
  console.log(`${title}: running for ${minutes} minutes`);
  if (!(await ensurePostgresDatabase('postgres'))) return skipped(title);
  const cluster = await startCluster(database, [3360, 3361], 3359, { METRICS_ENABLED: 'true' });
  const sockets: ChatSocket[] = [];
  try {
    for (let index = 0; index < socketCount; index++) sockets.push(await connectThroughProxy(cluster.base));
    const databaseId = await demoDatabaseId(cluster.base);
    const started = performance.now();
    const until = started + minutes * 60_000;
    const samples: Sample[][] = cluster.ports.map(() => []);
    const sampling = (async () => {
      while (performance.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, sampleEveryMs));
        const minute = (performance.now() - started) / 60_000;
        for (const [index, port] of cluster.ports.entries())
          samples[index]?.push({ minute, ...(await memoryOf(port)) });
      }
    })();
    const turns = await Promise.all(
      sockets.map((socket) => keepAsking(cluster.base, databaseId, socket, until)),
    );
    await sampling;
    const total = turns.reduce((sum, count) => sum + count, 0);
    return cluster.ports.map((port, index) => {
      const measured = (samples[index] ?? []).filter((sample) => sample.minute >= minutes / 5);
      const window = minutes * 0.8;
      const judge = (
        samples: Sample[],
        pick: (sample: Sample) => number,
        fitted: { x: number; y: number }[],
      ) => {
        const level = median(samples.map(pick));
        const perMinute = slope(fitted);
        return { level, perMinute, flat: perMinute * window <= allowedGrowth * level };
      };
      const rss = judge(
        measured,
        (s) => s.rss,
        troughs(measured, (s) => s.rss),
      );
      const heap = judge(
        measured,
        (s) => s.heap,
        troughs(measured, (s) => s.heap),
      );
      // Read after collections already: every sample counts, none before the first collection.
      const withLive = measured.filter((sample) => !Number.isNaN(sample.live));
      const live = judge(
        withLive,
        (s) => s.live,
        withLive.map((sample) => ({ x: sample.minute, y: sample.live })),
      );
      const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
      const first = measured[0];
      const flat = rss.flat && live.flat;
      return {
        benchmark: `${title}: instance ${index + 1} (port ${port}), ${total} turns in all`,
        querent: `RSS ${mb(rss.level)} MB, slope ${mb(rss.perMinute)} MB/min; kept heap ${mb(live.level)} MB, slope ${mb(live.perMinute)} MB/min; ${flat ? 'flat' : 'GROWING'} (used heap ${mb(heap.level)} MB, trough slope ${mb(heap.perMinute)} MB/min)`,
        baseline: first
          ? `after warm-up: RSS ${mb(first.rss)} MB, kept heap ${mb(withLive[0]?.live ?? Number.NaN)} MB, used heap ${mb(first.heap)} MB`
          : 'no samples',
        ratio: first ? (rss.level / first.rss).toFixed(2) : '-',
        target: `growth over ${window.toFixed(1)} min ≤ ${allowedGrowth * 100} % of the level`,
      };
    });
  } finally {
    for (const socket of sockets) socket.disconnect();
    await cluster.stop();
  }
}
