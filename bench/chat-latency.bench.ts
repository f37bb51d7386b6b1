// Time from `ask` to the first `status` event, against a bare socket.io round trip on the same socket.
import type {
  ClientToServerEvents,
  Message,
  ServerToClientEvents,
  SocketErrorEvent,
  StatusEvent,
} from '@querent/contracts';
import type { Socket } from 'socket.io-client';
import { io as connect } from 'socket.io-client';
import { median, startQuerent } from './server-process.ts';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const warmUps = 3;
const runs = 20;

/** A real Socket.IO client over polling, as the browser falls back to. */
export async function connectPolling(base: string): Promise<ChatSocket> {
  const socket: ChatSocket = connect(base, { transports: ['polling'], reconnection: false, timeout: 10_000 });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** The id of the demo database the server made on first start. */
export async function demoDatabaseId(base: string): Promise<string> {
  const response = await fetch(`${base}/api/databases`);
  if (!response.ok) throw new Error(`listing databases failed: ${await response.text()}`);
  const demo = ((await response.json()) as { id: string; name: string }[]).find(
    (database) => database.name === 'Demo shop',
  );
  if (!demo) throw new Error('the demo database is missing');
  return demo.id;
}

export async function newConversation(base: string, databaseId: string): Promise<string> {
  const response = await fetch(`${base}/api/conversations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ contextId: `database-${databaseId}` }),
  });
  if (!response.ok) throw new Error(`creating a conversation failed: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

export async function storedMessages(base: string, conversationId: string): Promise<Message[]> {
  const response = await fetch(`${base}/api/conversations/${conversationId}`);
  if (!response.ok) throw new Error(`reading a conversation failed: ${await response.text()}`);
  return ((await response.json()) as { messages: Message[] }).messages;
}

/** Resolves with the first status of a conversation that passes `accept`. */
export function nextStatus(
  socket: ChatSocket,
  conversationId: string,
  accept: (event: StatusEvent) => boolean,
  timeoutMs = 30_000,
): Promise<StatusEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('status', onStatus);
      reject(new Error(`no status for ${conversationId} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onStatus = (event: StatusEvent) => {
      if (event.conversation_id !== conversationId || !accept(event)) return;
      clearTimeout(timer);
      socket.off('status', onStatus);
      resolve(event);
    };
    socket.on('status', onStatus);
  });
}

/**
 * The baseline round trip: `ask` naming no conversation is refused at once by the chat handler
 * with an `error` event, before any store or model work. It is the same socket, transport,
 * handler dispatch and emit path as a real `ask`, so the ratio is what starting a turn costs.
 */
function refusalRoundTrip(socket: ChatSocket): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    socket.once('error', (_event: SocketErrorEvent) => resolve(performance.now() - started));
    socket.emit('ask', '', 'ping');
  });
}

async function askToFirstStatus(socket: ChatSocket, base: string, databaseId: string) {
  const conversationId = await newConversation(base, databaseId);
  const first = nextStatus(socket, conversationId, () => true);
  const cleared = nextStatus(socket, conversationId, (event) => event.status !== 'running');
  const started = performance.now();
  socket.emit('ask', conversationId, 'how many customers are there?');
  const status = await first;
  const ms = performance.now() - started;
  if (status.status !== 'running') throw new Error(`the first status was ${JSON.stringify(status)}`);
  // Let the turn end before the next one, so turns do not overlap.
  const end = await cleared;
  if (end.status !== 'clear') throw new Error(`the turn ended with ${JSON.stringify(end)}`);
  return ms;
}

/**
 * What is compared: a real server process with the offline analyst (no LLM
 * configured), one socket.io client over polling. Querent: from emitting `ask` on a new
 * conversation to receiving its first `status` (running); the turn then runs to its end before
 * the next ask. Baseline: a refused `ask` (no conversation) answered by `error` on the same
 * socket, i.e. a socket.io round trip through the same handler. Interleaved, medians of 20.
 */
export async function benchChatLatency() {
  const server = await startQuerent(3310);
  const base = 'http://127.0.0.1:3310';
  const socket = await connectPolling(base);
  try {
    const databaseId = await demoDatabaseId(base);
    const querent: number[] = [];
    const baseline: number[] = [];
    for (let run = 0; run < warmUps + runs; run++) {
      const ask = await askToFirstStatus(socket, base, databaseId);
      const roundTrip = await refusalRoundTrip(socket);
      if (run < warmUps) continue;
      querent.push(ask);
      baseline.push(roundTrip);
    }
    const q = median(querent);
    const b = median(baseline);
    return [
      {
        benchmark: `ask → first status, polling socket (median of ${runs})`,
        querent: `${q.toFixed(1)} ms`,
        baseline: `${b.toFixed(1)} ms (refused ask → error round trip, same socket)`,
        ratio: (q / b).toFixed(2),
        target: '-',
      },
    ];
  } finally {
    socket.disconnect();
    await server.stop();
  }
}
