import net from 'node:net';

export interface PausableProxy {
  /** host:port of the proxy, to put in a URL in place of the service's. */
  address: string;
  /** Holds every byte in both directions: the service looks alive but never answers. */
  pause(): void;
  /** Delivers what was held and forwards again. */
  resume(): void;
  close(): Promise<void>;
}

/**
 * A TCP forwarder in front of a real service (PostgreSQL, Redis) that can stop answering on
 * demand, the way a stuck server or a broken network does, without stopping the service itself.
 */
export async function startPausableProxy(target: { host: string; port: number }): Promise<PausableProxy> {
  let paused = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (paused) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const bound = server.address();
  if (typeof bound !== 'object' || bound === null) throw new Error('The proxy has no TCP address');
  return {
    address: `127.0.0.1:${bound.port}`,
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const deliver of held.splice(0)) deliver();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
