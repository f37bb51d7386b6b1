import type { ClientEventName, Message, SocketErrorEvent, StatusEvent } from '@querent/contracts';
import { clientEvents } from '@querent/contracts';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededRandom } from '../../src/demo/seeded-random.ts';
import { createSeededRandom } from '../../src/demo/seeded-random.ts';
import { TEST_USER_HEADER } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import { junkValue, oddString } from '../helpers/fuzz-values.ts';
import type { FuzzWorld } from '../helpers/fuzz-world.ts';
import { expectNothingLost, startFuzzWorld } from '../helpers/fuzz-world.ts';
import { httpRequest } from '../helpers/raw-http.ts';

/**
 * Hundreds of malformed payloads, from a seeded generator (FUZZ_SEED replays a run), to every
 * declared socket event and to names nobody declared: the socket must never be dropped, every
 * acknowledgement asked for must be answered, no refusal may be a server failure, and what was
 * stored before is still there after.
 */
const seed = Number(process.env.FUZZ_SEED ?? 18);
const perEvent = 60;
const unknownEvents = 40;

let world: FuzzWorld;
/** Messages of the scratch conversation, so that regenerating one reaches past "not found". */
let messageIds: string[] = [];

beforeAll(async () => {
  world = await startFuzzWorld();
  const client = await connectChat(world.running.baseUrl);
  try {
    const { conversation } = world.scratch;
    client.socket.emit('ask', conversation, 'How many rows are there?');
    await client.waitFor<StatusEvent>('status', (event) => event.status === 'clear');
    const stored = await world.api.get<{ messages: Message[] }>(`/api/conversations/${conversation}`);
    messageIds = stored.body.messages.map((message) => message.id);
  } finally {
    client.close();
  }
}, 120_000);

afterAll(async () => {
  await world.stop();
});

// The wire is untyped: these are what any client may send.
type LooseEmit = (name: string, ...args: unknown[]) => void;
type LooseEmitWithAck = (name: string, ...args: unknown[]) => Promise<unknown>;

/** One argument for an event: mostly sound, often of the wrong type or shape, sometimes odd. */
function argumentFor(name: string, random: SeededRandom): unknown {
  const sound = random.chance(0.5);
  if (!sound) return junkValue(random, 2);
  if (name === 'conversationId') return random.chance(0.8) ? world.scratch.conversation : oddString(random);
  if (name === 'sql') return random.pick(['SELECT * FROM t', 'SELECT 1/0', 'SELEC', oddString(random)]);
  if (name === 'text' || name === 'content') return random.chance(0.5) ? 'How many rows?' : oddString(random);
  if (name === 'messageId' && messageIds.length > 0 && random.chance(0.6)) return random.pick(messageIds);
  return random.chance(0.3) ? world.scratch.query : oddString(random);
}

function argumentsFor(event: ClientEventName, random: SeededRandom): unknown[] {
  const names = [...clientEvents[event].required, ...clientEvents[event].optional].map(([name]) => name);
  const args = names.map((name) => argumentFor(name, random));
  const shape = random.weighted([
    ['as declared', 6],
    ['one missing', 1],
    ['none', 0.5],
    ['extra', 1],
    ['binary', 0.5],
  ] as const);
  if (shape === 'one missing') return args.slice(0, -1);
  if (shape === 'none') return [];
  if (shape === 'extra') return [...args, junkValue(random, 1), junkValue(random, 1)];
  if (shape === 'binary') return args.map((arg) => (random.chance(0.5) ? Buffer.from([0, 255, 1]) : arg));
  return args;
}

function isRefusal(value: unknown): value is SocketErrorEvent {
  return typeof value === 'object' && value !== null && 'message' in value;
}

describe(`malformed socket events (seed ${seed})`, () => {
  it('never drop the socket, answer every acknowledgement, and never fail on the server', async () => {
    const random = createSeededRandom(seed);
    const client: ChatClient = await connectChat(world.running.baseUrl);
    const drops: string[] = [];
    client.socket.on('disconnect', (reason) => drops.push(reason));
    const unanswered: string[] = [];
    const plan: [string, unknown[]][] = [];
    for (const event of Object.keys(clientEvents) as ClientEventName[]) {
      for (let index = 0; index < perEvent; index++) plan.push([event, argumentsFor(event, random)]);
    }
    for (let index = 0; index < unknownEvents; index++) {
      const name = random.pick([
        'error',
        'toString',
        '__proto__',
        'constructor',
        'hasOwnProperty',
        'Ask',
        'ask ',
        '',
      ]);
      plan.push([random.chance(0.5) ? name : oddString(random).slice(0, 100), [junkValue(random, 1)]]);
    }
    try {
      for (const [name, args] of plan) {
        if (random.chance(0.5)) {
          (client.socket.emit as LooseEmit)(name, ...args);
          continue;
        }
        try {
          const answer = await (client.socket.timeout(10_000).emitWithAck as LooseEmitWithAck)(name, ...args);
          if (answer !== null && !isRefusal(answer))
            unanswered.push(`${name}: answered ${JSON.stringify(answer)}`);
        } catch {
          unanswered.push(`${name} ${JSON.stringify(args).slice(0, 200)}: no acknowledgement`);
        }
      }
      // Every event sent before it is handled by now: the socket still answers a sound one.
      expect(
        await (client.socket.timeout(10_000).emitWithAck as LooseEmitWithAck)(
          'stop',
          world.scratch.conversation,
        ),
      ).toBeNull();
      expect(plan.length).toBeGreaterThan(350);
      expect(drops).toEqual([]);
      expect(unanswered.slice(0, 10)).toEqual([]);
      const failures = client
        .all<SocketErrorEvent>('error')
        .filter((event) => event.code === undefined && /internal/i.test(event.message));
      expect(failures).toEqual([]);
      expect(world.serverErrors().slice(0, 10)).toEqual([]);
    } finally {
      client.close();
    }
  }, 120_000);

  it('refuses a handshake from nobody, and survives packets that are not Socket.IO', async () => {
    const nobody = connect(world.running.baseUrl, {
      transports: ['polling'],
      reconnection: false,
      extraHeaders: { [TEST_USER_HEADER]: 'nobody-at-all' },
    });
    const refused = await new Promise<string>((resolve) => {
      nobody.once('connect', () => resolve('connected'));
      nobody.once('connect_error', (error) => resolve(error.message));
    });
    nobody.close();
    expect(refused).toBe('Unauthorized');

    // A connection that sends broken packets may be closed (that is the protocol), never the server.
    const victim = await connectChat(world.running.baseUrl);
    const sid = victim.socket.io.engine.id;
    const statuses: number[] = [];
    for (const packet of [
      '42["ask"',
      '4x',
      '42[',
      '451-["ask",{"_placeholder":true,"num":9}]',
      '4',
      `42${'['.repeat(50_000)}`,
      '42["ask",1,2]',
    ]) {
      const answer = await httpRequest(world.running.port, {
        method: 'POST',
        path: `/socket.io/?EIO=4&transport=polling&sid=${sid}`,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: Buffer.from(packet),
      });
      statuses.push(answer.status);
    }
    victim.close();
    expect(statuses.every((status) => status < 500)).toBe(true);
    const after = await connectChat(world.running.baseUrl);
    try {
      after.socket.emit('stop', world.scratch.conversation);
      expect(await after.waitFor('status')).toMatchObject({ conversation_id: world.scratch.conversation });
    } finally {
      after.close();
    }
  });

  it('leaves what was stored before as it was', async () => {
    await expectNothingLost(world);
  });
});
