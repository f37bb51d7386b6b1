import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CreatedApiKey, Database } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import { callFailingTool, callTool } from '../../helpers/mcp-client.ts';
import { readJson } from '../../helpers/responses.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';
import type { AppBrowser } from '../../oidc/app-browser.ts';
import { hostedEnv, signInBrowser } from '../../oidc/app-browser.ts';
import { testClient, testPublicUrl } from '../../oidc/hosted-deps.ts';
import type { TestProvider } from '../../oidc/test-provider.ts';
import { startTestProvider } from '../../oidc/test-provider.ts';

/*
 * /mcp in hosted mode with an API key, through the official SDK client: Alice signs in through the
 * test provider, connects Chinook and makes keys on her profile's routes; an MCP client then sends
 * a key as `Authorization: Bearer`. The server sits behind one proxy naming PUBLIC_URL's host.
 */

const publicHost = new URL(testPublicUrl).host;
const metadataTools = [
  'list_databases',
  'search_schema',
  'describe_table',
  'list_metrics',
  'list_saved_queries',
  'list_issues',
  'list_entities',
];

describe('/mcp with an API key in hosted mode', () => {
  let provider: TestProvider;
  let chinook: { filename: string; remove: () => Promise<void> };
  let running: RunningApp;
  let alice: AppBrowser;
  let database: Database;
  const clients: Client[] = [];

  function transportFor(key: string | null): StreamableHTTPClientTransport {
    const headers: Record<string, string> = { 'x-forwarded-host': publicHost };
    if (key !== null) headers.authorization = `Bearer ${key}`;
    return new StreamableHTTPClientTransport(new URL(`${running.baseUrl}/mcp`), { requestInit: { headers } });
  }

  async function connectWith(key: string): Promise<Client> {
    const client = new Client({ name: 'querent-tests', version: '1.0.0' });
    await client.connect(transportFor(key));
    clients.push(client);
    return client;
  }

  async function makeKey(scopes: string[]): Promise<CreatedApiKey> {
    return readJson<CreatedApiKey>(
      await alice.request('/api/api-keys', {
        method: 'POST',
        body: { name: `MCP ${scopes.join(' ')}`, scopes, expires_at: null },
      }),
      201,
    );
  }

  beforeAll(async () => {
    provider = await startTestProvider({ clients: [testClient] });
    chinook = await chinookSqliteCopy();
    running = await startTestApp(hostedEnv(provider.issuer, { TRUST_PROXY: '1' }));
    alice = await signInBrowser(running.baseUrl, 'alice');
    database = await readJson<Database>(
      await alice.request('/api/databases', {
        method: 'POST',
        body: { name: 'Chinook', engine: 'sqlite', details: { filename: chinook.filename } },
      }),
      201,
    );
  });

  afterAll(async () => {
    for (const client of clients) await client.close();
    await running.stop();
    await provider.stop();
    await chinook.remove();
  });

  it('serves every tool to a key with every scope, as the key’s person, read-only', async () => {
    const key = await makeKey(['metadata:read', 'metrics:run', 'sql:run', 'analyst:ask']);
    const client = await connectWith(key.secret);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(12);
    const listed = await callTool<{ databases: { id: string }[] }>(client, 'list_databases', {});
    expect(listed.databases.map((each) => each.id)).toEqual([database.id]);
    const counted = await callTool<{ rows: unknown[][] }>(client, 'run_sql', {
      databaseId: database.id,
      sql: 'SELECT COUNT(*) FROM Artist',
    });
    expect(counted.rows).toEqual([[275]]);
    const write = await callFailingTool(client, 'run_sql', {
      databaseId: database.id,
      sql: "INSERT INTO Artist (ArtistId, Name) VALUES (9999, 'Nobody')",
    });
    expect(write.text).toMatch(/read.?only|readonly/i);
  });

  it('offers only the tools of the key’s scopes; another is not there to call', async () => {
    const key = await makeKey(['metadata:read']);
    const client = await connectWith(key.secret);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(metadataTools);
    expect(client.getInstructions()).toContain('metadata:read');
    const refused = await callFailingTool(client, 'run_sql', { databaseId: database.id, sql: 'SELECT 1' });
    expect(refused.text).toContain('run_sql');
    const metricsOnly = await connectWith((await makeKey(['metrics:run'])).secret);
    expect((await metricsOnly.listTools()).tools.map((tool) => tool.name)).toEqual([
      'query_metrics',
      'run_saved_query',
    ]);
  });

  it('refuses a revoked key with a 401 invalid_token challenge, at its next request', async () => {
    const key = await makeKey(['metadata:read']);
    const client = await connectWith(key.secret);
    await callTool(client, 'list_databases', {});
    expect((await alice.request(`/api/api-keys/${key.id}`, { method: 'DELETE' })).status).toBe(204);
    await expect(client.callTool({ name: 'list_databases', arguments: {} })).rejects.toSatisfy(
      (error: unknown) => error instanceof StreamableHTTPError && error.code === 401,
    );
    const raw = await fetch(`${running.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'x-forwarded-host': publicHost,
        authorization: `Bearer ${key.secret}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
    expect(await raw.text()).toContain('revoked');
  });

  it('serves no one without a key, not even a signed-in browser’s session cookie', async () => {
    const client = new Client({ name: 'querent-tests', version: '1.0.0' });
    await expect(client.connect(transportFor(null))).rejects.toSatisfy(
      (error: unknown) => error instanceof StreamableHTTPError && error.code === 401,
    );
    const withCookie = await fetch(`${running.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'x-forwarded-host': publicHost,
        cookie: alice.jar.header() ?? '',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(withCookie.status).toBe(401);
  });
});
