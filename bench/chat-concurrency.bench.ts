// 100 conversations at once over polling sockets from one process, every message checked against the store.
import type { Message, ResponseChunkEvent, StatusEvent } from '@querent/contracts';
import type { ChatSocket } from './chat-latency.bench.ts';
import {
  connectPolling,
  demoDatabaseId,
  newConversation,
  nextStatus,
  storedMessages,
} from './chat-latency.bench.ts';
import { startQuerent } from './server-process.ts';

const socketCount = 10;
const perSocket = 10;
const conversationCount = socketCount * perSocket;
const question = 'how many customers are there?';

export type Heard =
  | { kind: 'response'; message: Message }
  | { kind: 'chunk'; chunk: ResponseChunkEvent }
  | { kind: 'status'; status: StatusEvent };

/** Every event one socket heard, in order, by conversation. */
export function listen(socket: ChatSocket): Map<string, Heard[]> {
  const heard = new Map<string, Heard[]>();
  const note = (conversationId: string, entry: Heard) => {
    const list = heard.get(conversationId) ?? [];
    list.push(entry);
    heard.set(conversationId, list);
  };
  socket.on('response', (message) => note(message.conversationId, { kind: 'response', message }));
  socket.on('response-chunk', (chunk) => note(chunk.conversationId, { kind: 'chunk', chunk }));
  socket.on('status', (status) => note(status.conversation_id, { kind: 'status', status }));
  return heard;
}

/**
 * Problems with what one socket heard of one conversation, compared with the stored messages:
 * a message never sent or sent that is not stored (lost), the same version sent twice
 * (duplicated), messages first heard in another order than stored (out of order), a last version
 * that differs from the stored one, streamed pieces that do not add up to the answer, statuses
 * other than running then clear.
 */
export function problems(heard: Heard[], stored: Message[]): string[] {
  const found: string[] = [];
  const firstHeard: string[] = [];
  const last = new Map<string, string>();
  const chunks = new Map<string, string>();
  for (const entry of heard) {
    if (entry.kind === 'response') {
      const { id } = entry.message;
      const version = JSON.stringify(entry.message);
      if (last.get(id) === version) found.push(`message ${id} sent twice`);
      if (!last.has(id)) firstHeard.push(id);
      last.set(id, version);
    } else if (entry.kind === 'chunk') {
      const { messageId, delta } = entry.chunk;
      chunks.set(messageId, (chunks.get(messageId) ?? '') + delta);
    }
  }
  const storedIds = stored.map((message) => message.id);
  for (const id of storedIds) if (!last.has(id)) found.push(`message ${id} never sent`);
  for (const id of firstHeard) if (!storedIds.includes(id)) found.push(`message ${id} sent but not stored`);
  const heardOrder = firstHeard.filter((id) => storedIds.includes(id));
  const storedOrder = storedIds.filter((id) => last.has(id));
  if (heardOrder.join() !== storedOrder.join())
    found.push(`order heard ${heardOrder.join(' ')} ≠ stored ${storedOrder.join(' ')}`);
  for (const message of stored) {
    const version = last.get(message.id);
    if (version === undefined) continue;
    const sent = JSON.parse(version) as Message;
    if (sent.content !== message.content) found.push(`message ${message.id}: last version sent ≠ stored`);
    const streamed = chunks.get(message.id);
    if (streamed !== undefined && streamed !== message.content)
      found.push(`message ${message.id}: streamed pieces ≠ stored content`);
  }
  const statuses = heard.flatMap((entry) => (entry.kind === 'status' ? [entry.status.status] : []));
  if (statuses.join() !== 'running,clear') found.push(`statuses ${statuses.join(' ')}`);
  return found;
}

interface Round {
  ms: number;
  messages: number;
  problems: string[];
}

/** Asks every conversation, `together` or one after another, then checks every socket's record. */
async function round(base: string, databaseId: string, together: boolean): Promise<Round> {
  const sockets = await Promise.all(Array.from({ length: socketCount }, () => connectPolling(base)));
  try {
    const records = sockets.map(listen);
    const plan: { socket: ChatSocket; conversationId: string }[] = [];
    for (let index = 0; index < conversationCount; index++) {
      const socket = sockets[index % socketCount] as ChatSocket;
      plan.push({ socket, conversationId: await newConversation(base, databaseId) });
    }
    const ask = async ({ socket, conversationId }: (typeof plan)[number]) => {
      const end = nextStatus(socket, conversationId, (event) => event.status !== 'running', 60_000);
      socket.emit('ask', conversationId, question);
      const status = await end;
      if (status.status !== 'clear')
        throw new Error(`${conversationId} ended with ${JSON.stringify(status)}`);
    };
    const started = performance.now();
    if (together) await Promise.all(plan.map(ask));
    else for (const entry of plan) await ask(entry);
    const ms = performance.now() - started;
    // Late events (a duplicate after clear) would show up here.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const found: string[] = [];
    let messages = 0;
    for (const { conversationId } of plan) {
      const stored = await storedMessages(base, conversationId);
      messages += stored.length;
      for (const [index, record] of records.entries()) {
        for (const problem of problems(record.get(conversationId) ?? [], stored))
          found.push(`socket ${index}, conversation ${conversationId}: ${problem}`);
      }
    }
    return { ms, messages, problems: found };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

/**
 * What is compared: a real server process with the offline analyst; from this one
 * process, 10 polling sockets of the same user each ask 10 new conversations "how many customers
 * are there?", all 100 at once. Every socket hears every conversation (events go to all of the
 * user's tabs), so each of the 10 records of each conversation is checked against GET
 * /api/conversations/:id: nothing lost, duplicated or out of order. The baseline is the same 100
 * conversations on the same 10 sockets asked one after another, checked the same way.
 */
export async function benchChatConcurrency() {
  const server = await startQuerent(3320);
  const base = 'http://127.0.0.1:3320';
  try {
    const databaseId = await demoDatabaseId(base);
    const concurrent = await round(base, databaseId, true);
    const sequential = await round(base, databaseId, false);
    const bad = [...concurrent.problems, ...sequential.problems];
    if (bad.length > 0) {
      console.error(
        `chat concurrency: ${bad.length} problems, the first ones:\n${bad.slice(0, 20).join('\n')}`,
      );
    }
    const rate = (result: Round) => Math.round(result.messages / (result.ms / 1000));
    const verdict = (result: Round) =>
      result.problems.length === 0
        ? 'none lost, duplicated or reordered'
        : `${result.problems.length} PROBLEMS`;
    return [
      {
        benchmark: `${conversationCount} conversations at once, ${socketCount} polling sockets, offline analyst`,
        querent: `${(concurrent.ms / 1000).toFixed(2)} s, ${rate(concurrent)} stored messages/s; ${verdict(concurrent)}`,
        baseline: `${(sequential.ms / 1000).toFixed(2)} s, ${rate(sequential)} messages/s one after another; ${verdict(sequential)}`,
        ratio: (concurrent.ms / sequential.ms).toFixed(2),
        target: 'no message lost, duplicated or out of order',
      },
    ];
  } finally {
    await server.stop();
  }
}
