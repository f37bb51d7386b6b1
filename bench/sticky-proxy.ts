// A small sticky reverse proxy for the scale benchmarks: Socket.IO polling sends each connection's
// requests separately, and they must all reach the instance that opened the connection.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';

const cookieName = 'querent_lb';

export interface StickyProxy {
  url: string;
  /** Requests each instance received, by index. */
  served: number[];
  close(): Promise<void>;
}

function pinnedIndex(req: IncomingMessage, count: number): number | undefined {
  const match = /(?:^|;\s*)querent_lb=(\d+)/.exec(req.headers.cookie ?? '');
  const index = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(index) && index >= 0 && index < count ? index : undefined;
}

/**
 * Forwards every request to one of `ports` on 127.0.0.1. A request without the `querent_lb`
 * cookie goes to the next instance in turn, and the answer sets the cookie naming it, as HAProxy's
 * `cookie … insert` or Caddy's `lb_policy cookie` do; a request with the cookie goes to the
 * instance it names. Upgrades are piped the same way.
 */
export async function startStickyProxy(ports: number[], port = 0): Promise<StickyProxy> {
  let next = 0;
  const served = ports.map(() => 0);
  const choose = (req: IncomingMessage) => {
    const pinned = pinnedIndex(req, ports.length);
    if (pinned !== undefined) return { index: pinned, fresh: false };
    const index = next;
    next = (next + 1) % ports.length;
    return { index, fresh: true };
  };
  const server: Server = createServer((req, res) => {
    const { index, fresh } = choose(req);
    served[index] = (served[index] ?? 0) + 1;
    const upstream = request(
      { host: '127.0.0.1', port: ports[index], method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const headers = { ...answer.headers };
        if (fresh) {
          const own = `${cookieName}=${index}; Path=/; HttpOnly`;
          const existing = headers['set-cookie'] ?? [];
          headers['set-cookie'] = [...existing, own];
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${error.message}`);
    });
    req.pipe(upstream);
  });
  server.on('upgrade', (req, socket, head) => {
    const { index } = choose(req);
    const upstream = connect(ports[index] as number, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  // Long polls stay open for the server's ping interval; the default timeouts would cut them.
  server.requestTimeout = 0;
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
