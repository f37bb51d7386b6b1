import { vi } from 'vitest';
import type { Browser } from '../../src/lib/browser.ts';
import type { AppSocket, SocketFactory } from '../../src/lib/socket-client.ts';

export function recordingBrowser() {
  return { assign: vi.fn<(url: string) => void>(), reload: vi.fn<() => void>() } satisfies Browser;
}

type Listener = (...args: unknown[]) => void;

/** Just enough of a socket.io Socket to drive connect/disconnect handling without a server. */
export class FakeSocket {
  connected = false;
  readonly listeners = new Map<string, Listener[]>();
  readonly managerListeners = new Map<string, Listener[]>();
  readonly emitted: unknown[][] = [];
  readonly connect = vi.fn(() => {
    this.connected = true;
    return this;
  });
  readonly disconnect = vi.fn(() => {
    this.connected = false;
    return this;
  });
  readonly io = {
    on: (event: string, listener: Listener) => {
      this.managerListeners.set(event, [...(this.managerListeners.get(event) ?? []), listener]);
      return this.io;
    },
  };

  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((item) => item !== listener),
    );
    return this;
  }

  emit(...args: unknown[]) {
    this.emitted.push(args);
    return this;
  }

  /** Plays an event as if the server or the manager had sent it. */
  fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  fireManager(event: string, ...args: unknown[]) {
    for (const listener of this.managerListeners.get(event) ?? []) listener(...args);
  }
}

export function fakeSocketFactory() {
  const sockets: FakeSocket[] = [];
  const factory = vi.fn<SocketFactory>(() => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket as unknown as AppSocket;
  });
  return { factory, sockets };
}
