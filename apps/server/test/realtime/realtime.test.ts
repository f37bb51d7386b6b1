import type { ClientToServerEvents, ServerToClientEvents, StatusEvent } from '@querent/contracts';
import { userRoom } from '@querent/contracts';
import type { Socket } from 'socket.io-client';
import { io as connect } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ADMIN_ID } from '../../src/auth/local-admin.ts';
import { emitToUser } from '../../src/realtime/emit-to-user.ts';
import { checkRedis, serviceGate, TEST_REDIS_URL } from '../helpers/services.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const sockets: ClientSocket[] = [];

function open(baseUrl: string, transports: ('polling' | 'websocket')[] = ['polling']): ClientSocket {
  const socket: ClientSocket = connect(baseUrl, { transports, reconnection: false, timeout: 5000 });
  sockets.push(socket);
  return socket;
}

function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function refused(socket: ClientSocket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('socket connected but should have been refused')));
    socket.once('connect_error', resolve);
  });
}

/** Emits until the client hears it: room membership and Redis subscriptions settle asynchronously. */
async function deliver(send: () => void, socket: ClientSocket): Promise<StatusEvent> {
  const received = new Promise<StatusEvent>((resolve) => socket.once('status', resolve));
  const timer = setInterval(send, 100);
  send();
  try {
    return await received;
  } finally {
    clearInterval(timer);
  }
}

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

describe('Socket.IO', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startTestApp();
  });

  afterAll(async () => {
    await running.stop();
  });

  it('accepts a polling client and puts it in its user room', async () => {
    const socket = open(running.baseUrl);
    await connected(socket);
    expect(socket.io.engine.transport.name).toBe('polling');

    const { io } = running.built;
    const members = await io.in(userRoom(LOCAL_ADMIN_ID)).fetchSockets();
    expect(members.map((member) => member.id)).toContain(socket.id);
    expect(members[0]?.data.user.id).toBe(LOCAL_ADMIN_ID);

    const event: StatusEvent = { conversation_id: 'c1', status: 'running', error: null };
    const heard = await deliver(() => emitToUser(io, LOCAL_ADMIN_ID, 'status', event), socket);
    expect(heard).toEqual(event);
  });

  it('does not deliver another user’s events', async () => {
    const socket = open(running.baseUrl);
    await connected(socket);
    let heard = false;
    socket.on('status', () => {
      heard = true;
    });
    emitToUser(running.built.io, 'someone-else', 'status', { conversation_id: 'c2', status: 'clear' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toBe(false);
  });

  it('refuses a websocket-only client', async () => {
    const error = await refused(open(running.baseUrl, ['websocket']));
    expect(error).toBeInstanceOf(Error);
  });
});

describe('Socket.IO without a known user', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startTestApp({}, { prepareAuth: false });
  });

  afterAll(async () => {
    await running.stop();
  });

  it('refuses the connection with an error', async () => {
    const error = await refused(open(running.baseUrl));
    expect(error.message).toBe('Unauthorized');
  });
});

const redisGate = serviceGate('Socket.IO Redis adapter suite', await checkRedis());

if (redisGate.failInCi) {
  describe('Socket.IO across instances', () => {
    it('needs a reachable Redis under CI=true', () => {
      expect.fail(
        `Redis at ${TEST_REDIS_URL} is unreachable and CI=true: this suite cannot be skipped in CI`,
      );
    });
  });
}

describe.skipIf(!redisGate.run)('Socket.IO across instances sharing Redis', () => {
  let first: RunningApp;
  let second: RunningApp;

  beforeAll(async () => {
    first = await startTestApp({ REDIS_URL: TEST_REDIS_URL });
    second = await startTestApp({ REDIS_URL: TEST_REDIS_URL });
  });

  afterAll(async () => {
    await first.stop();
    await second.stop();
  });

  it('an emit to the user room on one instance reaches a socket on the other', async () => {
    const socket = open(second.baseUrl);
    await connected(socket);
    const event: StatusEvent = { conversation_id: 'c3', status: 'to_stop', error: null };
    const heard = await deliver(() => emitToUser(first.built.io, LOCAL_ADMIN_ID, 'status', event), socket);
    expect(heard).toEqual(event);
  });
});
