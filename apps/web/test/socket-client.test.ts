import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSocketClient, socketOptions } from '../src/lib/socket-client.ts';
import { useSocketStore } from '../src/stores/socket-store.ts';
import { fakeSocketFactory } from './helpers/fakes.ts';

describe('socket client', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('builds a real socket.io client: polling only, reconnect after 1 s up to 5 s, 20 s timeout', () => {
    const socket = createSocketClient({ url: 'http://127.0.0.1:9', onConnectedChange: () => undefined });
    expect(socket.connected).toBe(false);
    expect(socket.io.opts.transports).toEqual(['polling']);
    expect(socket.io.opts.autoConnect).toBe(false);
    expect(socket.io.reconnection()).toBe(true);
    expect(socket.io.reconnectionDelay()).toBe(1000);
    expect(socket.io.reconnectionDelayMax()).toBe(5000);
    expect(socket.io.randomizationFactor()).toBe(0.5);
    expect(socket.io.timeout()).toBe(20000);
    socket.close();
  });

  it('connects to the same origin at the default path by default', () => {
    const { factory } = fakeSocketFactory();
    createSocketClient({ factory, onConnectedChange: () => undefined });
    expect(factory).toHaveBeenCalledWith(undefined, socketOptions);
    expect(socketOptions).toMatchObject({
      transports: ['polling'],
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20000,
    });
    expect(socketOptions).not.toHaveProperty('path');
  });

  it('tracks the connected flag in the store', () => {
    const { factory, sockets } = fakeSocketFactory();
    createSocketClient({
      factory,
      onConnectedChange: (connected) => useSocketStore.getState().setConnected(connected),
    });
    const socket = sockets[0];
    socket?.fire('connect');
    expect(useSocketStore.getState().connected).toBe(true);
    socket?.fire('disconnect', 'transport close');
    expect(useSocketStore.getState().connected).toBe(false);
  });

  it('reconnects itself after a server-initiated disconnect only', () => {
    const { factory, sockets } = fakeSocketFactory();
    createSocketClient({ factory, onConnectedChange: () => undefined });
    const socket = sockets[0];
    socket?.fire('disconnect', 'transport close');
    socket?.fire('disconnect', 'io client disconnect');
    expect(socket?.connect).not.toHaveBeenCalled();
    socket?.fire('disconnect', 'io server disconnect');
    expect(socket?.connect).toHaveBeenCalledOnce();
  });

  it('only logs connection errors and failed reconnections', () => {
    const { factory, sockets } = fakeSocketFactory();
    createSocketClient({ factory, onConnectedChange: () => undefined });
    const socket = sockets[0];
    expect(() => {
      socket?.fire('connect_error', new Error('refused'));
      socket?.fireManager('reconnect_failed');
      socket?.fireManager('error', new Error('xhr poll error'));
    }).not.toThrow();
    expect(console.error).toHaveBeenCalledTimes(3);
  });
});
