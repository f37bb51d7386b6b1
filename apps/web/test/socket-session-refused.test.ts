import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSocketClient, SESSION_REFUSED } from '../src/lib/socket-client.ts';

// A real Socket.IO server whose handshake refuses as the app's does, and the client's answer to it.

let http: HttpServer | null = null;
let io: Server | null = null;

async function refusingServer(message: string): Promise<string> {
  http = createServer();
  io = new Server(http, { transports: ['polling'], cors: { origin: true, credentials: true } });
  io.use((_socket, next) => next(new Error(message)));
  await new Promise<void>((resolve) => http?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await io?.close();
  io = null;
  http = null;
});

describe('a handshake the server refuses', () => {
  it('re-authenticates when the session is over', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const url = await refusingServer(SESSION_REFUSED);
    const onSessionRefused = vi.fn();
    const socket = createSocketClient({ url, onConnectedChange: () => undefined, onSessionRefused });
    socket.connect();
    await vi.waitFor(() => expect(onSessionRefused).toHaveBeenCalledTimes(1));
    socket.disconnect();
  });

  it('does not for any other refusal', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const url = await refusingServer('Cross-site connection refused');
    const onSessionRefused = vi.fn();
    const socket = createSocketClient({ url, onConnectedChange: () => undefined, onSessionRefused });
    socket.connect();
    await vi.waitFor(() =>
      expect(errors).toHaveBeenCalledWith('Socket connection error:', 'Cross-site connection refused'),
    );
    expect(onSessionRefused).not.toHaveBeenCalled();
    socket.disconnect();
  });
});
