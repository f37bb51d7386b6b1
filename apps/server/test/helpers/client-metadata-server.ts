import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * An MCP app's client ID metadata document, served over https on loopback the way Claude serves
 * its own (`https://claude.ai/oauth/mcp-oauth-client-metadata`): the document names its own
 * address as the client id. The certificate is made for `localhost` by openssl when the server
 * starts; `fetch` reaches the server trusting it (the server's own fetch refuses loopback).
 */
export interface ClientMetadataServer {
  /** The address of the document at `path`, which is also the client id it must name. */
  url(path: string): string;
  /** Serves `document` at `path`. */
  serve(path: string, document: Record<string, unknown>): void;
  /** How many times each path was fetched. */
  fetches: Map<string, number>;
  fetch: typeof fetch;
  stop(): Promise<void>;
}

function selfSignedCertificate(): { key: string; cert: string } {
  const folder = mkdtempSync(join(tmpdir(), 'querent-cimd-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(folder, 'key.pem'),
        '-out',
        join(folder, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(folder, 'key.pem'), 'utf8'),
      cert: readFileSync(join(folder, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function startClientMetadataServer(): Promise<ClientMetadataServer> {
  const { key, cert } = selfSignedCertificate();
  const documents = new Map<string, Record<string, unknown>>();
  const fetches = new Map<string, number>();
  const server = createServer({ key, cert }, (req, res) => {
    const path = req.url ?? '/';
    fetches.set(path, (fetches.get(path) ?? 0) + 1);
    const document = documents.get(path);
    if (!document) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=300' });
    res.end(JSON.stringify(document));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fetchTrusting = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
    new Promise((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const outgoing = request(
        url,
        {
          method: init?.method ?? 'GET',
          ca: cert,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              if (typeof value === 'string') headers.set(name, value);
            }
            resolve(new Response(Buffer.concat(chunks), { status: incoming.statusCode ?? 500, headers }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });

  return {
    url: (path) => `https://localhost:${port}${path}`,
    serve: (path, document) => documents.set(path, document),
    fetches,
    fetch: fetchTrusting,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
