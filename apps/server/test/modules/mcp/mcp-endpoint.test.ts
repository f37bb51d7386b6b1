import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpClient } from '../../helpers/mcp-client.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * The /mcp endpoint itself, through the official SDK's client and raw HTTP against a real server:
 * initialisation and the tool list, the protocol revisions clients speak, stateless GET and
 * DELETE, the DNS-rebinding guard (Host and Origin), the shared request id, body limit and error
 * shape, and hosted mode's Bearer challenge.
 */

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with headers fetch will not send as given (Host). */
function send(
  port: number,
  request: { method: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: '127.0.0.1', port, path: '/mcp', method: request.method, headers: request.headers ?? {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

const mcpHeaders = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

function initialize(protocolVersion: string): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  });
}

const expectedTools = [
  'list_databases',
  'search_schema',
  'describe_table',
  'column_values',
  'list_metrics',
  'query_metrics',
  'list_saved_queries',
  'run_saved_query',
  'run_sql',
  'list_issues',
  'list_entities',
  'ask_analyst',
];

describe('the /mcp endpoint in local mode', () => {
  let running: RunningApp;
  const logs: Record<string, unknown>[] = [];

  beforeAll(async () => {
    running = await startTestApp(
      // Behind a trusted proxy, so a forwarded host would count if the guard read it.
      { BODY_LIMIT_BYTES: '65536', LOG_LEVEL: 'info', LOG_FORMAT: 'json', TRUST_PROXY: '1' },
      { logStream: { write: (line) => logs.push(JSON.parse(line) as Record<string, unknown>) } },
    );
  });

  afterAll(async () => {
    await running.stop();
  });

  it('initialises through the official client and lists every tool, read-only, with its schemas', async () => {
    const client = await connectMcpClient(running.baseUrl);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'querent', title: 'Querent' });
      expect(client.getServerCapabilities()?.tools).toBeDefined();
      expect(client.getInstructions()).toContain('read-only');
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expectedTools);
      for (const tool of tools) {
        // ask_analyst only reads the data too, but keeps a conversation and spends credits.
        expect(tool.annotations, tool.name).toMatchObject({
          readOnlyHint: tool.name !== 'ask_analyst',
          destructiveHint: false,
        });
        expect(tool.description?.length, tool.name).toBeGreaterThan(40);
        expect(tool.inputSchema.type, tool.name).toBe('object');
        expect(tool.outputSchema?.type, tool.name).toBe('object');
      }
      const runSql = tools.find((tool) => tool.name === 'run_sql');
      expect(runSql?.inputSchema.required).toEqual(['databaseId', 'sql']);
      expect(Object.keys(runSql?.outputSchema?.properties ?? {})).toEqual(
        expect.arrayContaining(['columns', 'rows', 'rowCount', 'truncated']),
      );
    } finally {
      await client.close();
    }
  });

  it('speaks the protocol revisions clients use, statelessly: no session id', async () => {
    for (const version of ['2025-03-26', '2025-06-18', '2025-11-25']) {
      const answer = await send(running.port, {
        method: 'POST',
        headers: mcpHeaders,
        body: initialize(version),
      });
      expect(answer.status, answer.body).toBe(200);
      expect(answer.headers['mcp-session-id']).toBeUndefined();
      expect(answer.headers['content-type']).toContain('application/json');
      expect(JSON.parse(answer.body)).toMatchObject({ id: 1, result: { protocolVersion: version } });
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers GET and DELETE 405 in the one error shape: there is no stream or session', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await send(running.port, { method, headers: { accept: 'text/event-stream' } });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('POST');
      const body = JSON.parse(answer.body) as { error: { code: string; message: string; requestId: string } };
      expect(body.error.message).toContain('stateless');
      expect(body.error.requestId).toBe(answer.headers['x-request-id']);
    }
  });

  it('refuses a request addressed to another host name (DNS rebinding), naming the header', async () => {
    const answer = await send(running.port, {
      method: 'POST',
      headers: { ...mcpHeaders, host: `attacker.example:${running.port}` },
      body: initialize('2025-06-18'),
    });
    expect(answer.status).toBe(403);
    const body = JSON.parse(answer.body) as { error: { code: string; message: string; field: string } };
    expect(body.error).toMatchObject({ code: 'FORBIDDEN', field: 'host' });
    expect(body.error.message).toContain('attacker.example');
    // A page that rebound its name cannot pass by naming a loopback host in X-Forwarded-Host.
    const forwarded = await send(running.port, {
      method: 'POST',
      headers: { ...mcpHeaders, host: `attacker.example:${running.port}`, 'x-forwarded-host': 'localhost' },
      body: initialize('2025-06-18'),
    });
    expect(forwarded.status).toBe(403);
    // Every loopback name is this machine.
    for (const host of [`localhost:${running.port}`, `127.0.0.1:${running.port}`, `[::1]:${running.port}`]) {
      const allowed = await send(running.port, {
        method: 'POST',
        headers: { ...mcpHeaders, host },
        body: initialize('2025-06-18'),
      });
      expect(allowed.status, host).toBe(200);
    }
  });

  it('refuses a browser page of another site, whatever Host it reaches', async () => {
    const answer = await send(running.port, {
      method: 'POST',
      headers: { ...mcpHeaders, origin: 'http://attacker.example' },
      body: initialize('2025-06-18'),
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('logs each exchange under its request id, as every route', async () => {
    const answer = await send(running.port, {
      method: 'POST',
      headers: mcpHeaders,
      body: initialize('2025-06-18'),
    });
    expect(answer.status).toBe(200);
    const id = answer.headers['x-request-id'];
    const lines = logs.filter((line) => line.requestId === id);
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).toContain('/mcp');
  });

  it('answers malformed JSON 400 in the one error shape', async () => {
    const answer = await send(running.port, {
      method: 'POST',
      headers: mcpHeaders,
      body: '{"jsonrpc": "2.0",',
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: { code: 'BAD_REQUEST', requestId: answer.headers['x-request-id'] },
    });
  });

  it('applies the body limit and the JSON content type of every route', async () => {
    const large = await send(running.port, {
      method: 'POST',
      headers: mcpHeaders,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(70_000) } }),
    });
    expect(large.status).toBe(413);
    expect(JSON.parse(large.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE', field: 'body' } });
    const text = await send(running.port, {
      method: 'POST',
      headers: { ...mcpHeaders, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(415);
    expect(JSON.parse(text.body)).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });
});

describe('the /mcp endpoint in hosted mode', () => {
  let running: RunningApp;

  beforeAll(async () => {
    // Nothing listens at the issuer: /mcp never reaches the provider. Behind one proxy, which
    // names the public host in X-Forwarded-Host.
    running = await startTestApp({
      TRUST_PROXY: '1',
      AUTH_MODE: 'oidc',
      PUBLIC_URL: 'http://querent.test:3000',
      OIDC_ISSUER_URL: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: 'querent',
    });
  });

  afterAll(async () => {
    await running.stop();
  });

  it('refuses a request without a token with a 401 Bearer challenge, never a session cookie', async () => {
    const answer = await send(running.port, {
      method: 'POST',
      headers: { ...mcpHeaders, host: 'querent.test:3000' },
      body: initialize('2025-06-18'),
    });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toMatch(/^Bearer\b/);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    // A host other than PUBLIC_URL's is refused before anything else.
    const foreign = await send(running.port, {
      method: 'POST',
      headers: mcpHeaders,
      body: initialize('2025-06-18'),
    });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toMatchObject({ error: { field: 'host' } });
  });

  it('makes the official client report that it must sign in', async () => {
    const client = new Client({ name: 'querent-tests', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${running.baseUrl}/mcp`), {
      requestInit: { headers: { 'x-forwarded-host': 'querent.test:3000' } },
    });
    await expect(client.connect(transport)).rejects.toSatisfy(
      (error: unknown) =>
        error instanceof StreamableHTTPError && error.code === 401 && error.message.includes('API key'),
    );
  });
});
