import type { ClientToServerEvents, SocketErrorEvent } from '@querent/contracts';
import { afterEach, expect, it } from 'vitest';
import type { RunningApp } from '../helpers/test-app.ts';
import type { AppBrowser, ClientSocket } from '../oidc/app-browser.ts';
import { socketConnected, socketRefused } from '../oidc/app-browser.ts';
import type { Browsers, Scenario, ScenarioObjects, SignedInActor } from './matrix-world.ts';

type Event = keyof ClientToServerEvents;

/** Each chat event with arguments naming a situation's conversation; written by hand, checked against the server's. */
const socketEvents: Record<Event, (o: ScenarioObjects) => unknown[]> = {
  ask: (o) => [o.conversation, 'How many genres are there?'],
  query: (o) => [o.conversation, 'SELECT count(*) AS n FROM Genre'],
  regenerateFromMessage: (o) => [o.conversation, 'no-such-message'],
  stop: (o) => [o.conversation],
  confirmWriteOperation: (o) => [o.conversation, 'no-such-query'],
  rejectWriteOperation: (o) => [o.conversation, 'no-such-query'],
};

const notFound = 'Conversation not found';
const forbidden = /^Only the owner of this conversation/;
// Socket.IO's own events and those of the session's life, not the chat's.
const reserved = new Set(['disconnect', 'disconnecting', 'error']);

/** Who sees a conversation of each situation (shared with the organisation, never public). */
const seesConversation: Record<Scenario, SignedInActor[]> = {
  private: ['owner'],
  shared: ['owner', 'colleague', 'admin'],
  public: ['owner', 'colleague', 'admin'],
};

interface Context {
  running: RunningApp;
  browsers: Browsers;
  world: Record<Scenario, ScenarioObjects>;
  signedOut: () => AppBrowser;
}

/** The first refusal the socket hears about the conversation within the wait, or null. */
function refusalWithin(socket: ClientSocket, conversationId: string, ms: number): Promise<string | null> {
  return new Promise((resolve) => {
    const onError = (event: SocketErrorEvent) => {
      if (event.conversationId !== conversationId) return;
      if (event.message === notFound || forbidden.test(event.message)) {
        clearTimeout(timer);
        socket.off('error', onError);
        resolve(event.message);
      }
    };
    const timer = setTimeout(() => {
      socket.off('error', onError);
      resolve(null);
    }, ms);
    socket.on('error', onError);
  });
}

export function matrixSockets(context: () => Context): void {
  const open: ClientSocket[] = [];
  const connect = async (browser: AppBrowser) => {
    const socket = browser.socket();
    open.push(socket);
    await socketConnected(socket);
    return socket;
  };

  afterEach(() => {
    for (const socket of open.splice(0)) socket.disconnect();
  });

  it('lists every chat event the server handles', async () => {
    const { running, browsers } = context();
    await connect(browsers.owner);
    const [serverSocket] = [...running.built.io.of('/').sockets.values()];
    const handled = (serverSocket?.eventNames() ?? []).map(String).filter((name) => !reserved.has(name));
    expect([...new Set(handled)].sort()).toEqual(Object.keys(socketEvents).sort());
  });

  it('refuses a signed-out socket', async () => {
    const socket = context().signedOut().socket();
    open.push(socket);
    expect(await socketRefused(socket)).toBe('Unauthorized');
  });

  it('lets only the owner act on a conversation: 404 to those who do not see it, 403 to colleagues', async () => {
    const { browsers, world } = context();
    const sockets = Object.fromEntries(
      await Promise.all(
        (Object.keys(browsers) as SignedInActor[]).map(
          async (actor) => [actor, await connect(browsers[actor])] as const,
        ),
      ),
    ) as Record<SignedInActor, ClientSocket>;
    const wrong: string[] = [];
    // The owner last: their asks start turns the others' refusals must not depend on.
    const order: SignedInActor[] = ['colleague', 'outsider', 'admin', 'visitor', 'owner'];
    for (const scenario of ['private', 'shared'] as const) {
      for (const actor of order) {
        for (const [event, args] of Object.entries(socketEvents) as [
          Event,
          (o: ScenarioObjects) => unknown[],
        ][]) {
          const objects = world[scenario];
          const expected =
            actor === 'owner' ? null : seesConversation[scenario].includes(actor) ? 'forbidden' : notFound;
          const heard = refusalWithin(sockets[actor], objects.conversation, actor === 'owner' ? 400 : 3000);
          // The wire is untyped: arguments are what a client may send.
          (sockets[actor].emit as (name: string, ...rest: unknown[]) => void)(event, ...args(objects));
          const refusal = await heard;
          const got = refusal === null ? null : refusal === notFound ? notFound : 'forbidden';
          if (got !== expected)
            wrong.push(`${scenario} ${actor} ${event}: expected ${expected}, got ${refusal}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it("never sends one user's conversation events to another user's sockets", async () => {
    const { browsers, world } = context();
    const heard: Record<string, string[]> = {};
    const others = (['colleague', 'outsider', 'admin', 'visitor'] as const).map(async (actor) => {
      const socket = await connect(browsers[actor]);
      heard[actor] = [];
      socket.onAny((name: string) => heard[actor]?.push(name));
    });
    await Promise.all(others);
    const owner = await connect(browsers.owner);
    const conversation = world.shared.conversation;
    const answered = new Promise<void>((resolve) => {
      owner.on('response', (message) => {
        if (message.conversationId === conversation && message.role === 'function') resolve();
      });
    });
    owner.emit('query', conversation, 'SELECT Name FROM Genre LIMIT 3');
    await answered;
    // Give any stray event the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual({ colleague: [], outsider: [], admin: [], visitor: [] });
  }, 30_000);
}
