import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../../helpers/mcp-client.ts';
import { MemoryOauthClient } from '../../helpers/memory-oauth-client.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { freePort, startTestApp } from '../../helpers/test-app.ts';
import { createOauthAppBrowser } from '../../oidc/oauth-app-browser.ts';
import type { TestProvider } from '../../oidc/test-provider.ts';
import { startTestProvider } from '../../oidc/test-provider.ts';

/*
 * An MCP client signs a person in to hosted Querent the way Claude or Cursor does, through the
 * official SDK's OAuth support against the real server: it reads the 401's protected-resource
 * metadata (RFC 9728) and the authorization server's (RFC 8414), registers itself (dynamic client
 * registration), and sends the person's browser to authorize with PKCE and the /mcp resource
 * (RFC 8707). The browser signs in at the company's provider (the test OpenID provider), comes back,
 * and approves the app on Querent's consent page; the client then uses /mcp with the token.
 */

const appRedirect = 'http://127.0.0.1:9/oauth/callback';
let provider: TestProvider;
let running: RunningApp;
let publicUrl: string;

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  provider = await startTestProvider({
    clients: [
      {
        clientId: 'querent',
        clientSecret: 'querent-secret',
        redirectUris: [`${publicUrl}/api/auth/callback`],
        postLogoutRedirectUris: [`${publicUrl}/login`],
      },
    ],
  });
  running = await startTestApp(
    {
      AUTH_MODE: 'oidc',
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: 'querent',
      OIDC_CLIENT_SECRET: 'querent-secret',
      OIDC_SCOPES: 'openid email profile org',
      OIDC_ORGANIZATION_CLAIM: 'org',
    },
    { port },
  );
});

afterAll(async () => {
  await running.stop();
  await provider.stop();
});

function transportFor(client: MemoryOauthClient): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(`${publicUrl}/mcp`), { authProvider: client });
}

/** Runs the whole sign-in of `app` up to the consent page, in a fresh browser; answers the page. */
async function signInUpToConsent(app: MemoryOauthClient, login = 'alice') {
  await expect(
    new Client({ name: app.name, version: '1.0.0' }).connect(transportFor(app)),
  ).rejects.toBeInstanceOf(UnauthorizedError);
  const authorization = app.authorizationUrl;
  if (authorization === null) throw new Error('The SDK did not ask to open an authorization URL');
  const browser = createOauthAppBrowser(publicUrl, new URL(provider.issuer).origin);
  const consent = await browser.open(authorization, login);
  return { authorization, browser, consent };
}

describe('an MCP client connecting to hosted Querent with OAuth', () => {
  it('discovers the server, registers, signs the person in, asks consent and uses /mcp', async () => {
    const app = new MemoryOauthClient(appRedirect, 'Test Agent');
    const { authorization, browser, consent } = await signInUpToConsent(app);
    // The SDK found the authorization server through the resource's metadata and registered.
    expect(authorization.origin + authorization.pathname).toBe(`${publicUrl}/oauth/authorize`);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('resource')).toBe(`${publicUrl}/mcp`);
    expect(app.information?.client_id).toBeTruthy();

    expect(consent.kind).toBe('page');
    if (consent.kind !== 'page') return;
    expect(consent.status).toBe(200);
    expect(consent.html).toContain('Connect Test Agent to Querent?');
    expect(consent.html).toContain('Alice Liddell');
    for (const scope of ['metadata:read', 'metrics:run', 'sql:run', 'analyst:ask']) {
      expect(consent.html).toContain(`value="${scope}"`);
    }
    // The person leaves free SQL out.
    const back = await browser.answerConsent(consent.url, {
      decision: 'allow',
      scopes: ['metadata:read', 'metrics:run'],
    });
    expect(back.kind).toBe('left');
    if (back.kind !== 'left') return;
    expect(back.url.origin + back.url.pathname).toBe(appRedirect);
    // RFC 9207: the response names its issuer.
    expect(back.url.searchParams.get('iss')).toBe(`${publicUrl}/oauth`);
    const code = back.url.searchParams.get('code');
    expect(code).toBeTruthy();

    const transport = transportFor(app);
    await transport.finishAuth(code ?? '');
    expect(app.savedTokens?.refresh_token).toBeTruthy();
    const client = new Client({ name: 'Test Agent', version: '1.0.0' });
    await client.connect(transportFor(app));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        'list_databases',
        'search_schema',
        'describe_table',
        'list_metrics',
        'query_metrics',
        'list_saved_queries',
        'run_saved_query',
        'list_issues',
        'list_entities',
      ]);
      const listed = await callTool<{ databases: unknown[] }>(client, 'list_databases', {});
      expect(listed.databases).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
