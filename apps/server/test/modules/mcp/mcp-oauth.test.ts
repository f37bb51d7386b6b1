import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientMetadataServer } from '../../helpers/client-metadata-server.ts';
import { startClientMetadataServer } from '../../helpers/client-metadata-server.ts';
import { callTool } from '../../helpers/mcp-client.ts';
import { MemoryOauthClient } from '../../helpers/memory-oauth-client.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
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
let appStore: AppStore;
let publicUrl: string;
let metadataServer: ClientMetadataServer;

/** Hosted Querent on `store`, its PUBLIC_URL its real address, signing in through the test provider. */
async function startHosted(store: Awaited<ReturnType<typeof storeDialects>>[number]): Promise<void> {
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
  appStore = await store.open();
  metadataServer = await startClientMetadataServer();
  running = await startTestApp(
    {
      ...appStore.env,
      AUTH_MODE: 'oidc',
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: 'querent',
      OIDC_CLIENT_SECRET: 'querent-secret',
      OIDC_SCOPES: 'openid email profile org',
      OIDC_ORGANIZATION_CLAIM: 'org',
    },
    {
      port,
      fetchClientMetadata: metadataServer.fetch,
      ...(appStore.store ? { store: appStore.store } : {}),
    },
  );
}

async function stopHosted(): Promise<void> {
  await running.stop();
  await appStore.dispose();
  await provider.stop();
  await metadataServer.stop();
}

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

/** Runs the sign-in through to the app's redirect URI; answers the code it received. */
async function connectApp(
  app: MemoryOauthClient,
  scopes: string[],
): Promise<ReturnType<typeof createOauthAppBrowser>> {
  const { browser, consent } = await signInUpToConsent(app);
  if (consent.kind !== 'page') throw new Error(`No consent page: left for ${consent.url.href}`);
  const back = await browser.answerConsent(consent.url, { decision: 'allow', scopes });
  if (back.kind !== 'left') throw new Error(`Not sent back to the app: ${back.html.slice(0, 300)}`);
  await transportFor(app).finishAuth(back.url.searchParams.get('code') ?? '');
  return browser;
}

async function tokenRequest(
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${publicUrl}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function listToolsWith(token: string): Promise<Response> {
  return fetch(`${publicUrl}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
}

for (const store of await storeDialects('MCP with OAuth')) {
  describe.skipIf(!store.run)(`MCP with OAuth (${store.name})`, () => {
    beforeAll(() => startHosted(store));
    afterAll(() => stopHosted());

    describe('what an MCP client discovers at hosted Querent', () => {
      it('answers 401 with a challenge naming the protected resource metadata and the scopes', async () => {
        const answer = await fetch(`${publicUrl}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        });
        expect(answer.status).toBe(401);
        expect(answer.headers.get('www-authenticate')).toBe(
          `Bearer realm="Querent", resource_metadata="${publicUrl}/.well-known/oauth-protected-resource/mcp", scope="metadata:read metrics:run sql:run analyst:ask"`,
        );
      });

      it('serves the resource metadata (RFC 9728) and the authorization server metadata (RFC 8414)', async () => {
        const resource = (await (
          await fetch(`${publicUrl}/.well-known/oauth-protected-resource/mcp`)
        ).json()) as Record<string, unknown>;
        expect(resource).toMatchObject({
          resource: `${publicUrl}/mcp`,
          authorization_servers: [`${publicUrl}/oauth`],
          scopes_supported: ['metadata:read', 'metrics:run', 'sql:run', 'analyst:ask'],
        });
        const server = (await (
          await fetch(`${publicUrl}/.well-known/oauth-authorization-server/oauth`)
        ).json()) as Record<string, unknown>;
        expect(server).toMatchObject({
          issuer: `${publicUrl}/oauth`,
          authorization_endpoint: `${publicUrl}/oauth/authorize`,
          token_endpoint: `${publicUrl}/oauth/token`,
          registration_endpoint: `${publicUrl}/oauth/register`,
          code_challenge_methods_supported: ['S256'],
          authorization_response_iss_parameter_supported: true,
          response_types_supported: ['code'],
        });
        expect(server.grant_types_supported).toEqual(
          expect.arrayContaining(['authorization_code', 'refresh_token']),
        );
      });
    });

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

      it('rotates the refresh token at each use: the old one no longer works', async () => {
        const app = new MemoryOauthClient(appRedirect, 'Rotating Agent');
        await connectApp(app, ['metadata:read']);
        const first = app.savedTokens?.refresh_token ?? '';
        const clientId = app.information?.client_id ?? '';
        const refreshed = await tokenRequest({
          grant_type: 'refresh_token',
          refresh_token: first,
          client_id: clientId,
        });
        expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
        const second = String(refreshed.body.refresh_token);
        expect(second).not.toBe(first);
        expect((await listToolsWith(String(refreshed.body.access_token))).status).toBe(200);
        const reused = await tokenRequest({
          grant_type: 'refresh_token',
          refresh_token: first,
          client_id: clientId,
        });
        expect(reused.status).toBe(400);
        expect(reused.body.error).toBe('invalid_grant');
      });

      it('lists the connected app on the profile and disconnecting it refuses its tokens at once', async () => {
        const app = new MemoryOauthClient(appRedirect, 'Revocable Agent');
        const browser = await connectApp(app, ['metadata:read', 'sql:run']);
        const token = app.savedTokens?.access_token ?? '';
        expect((await listToolsWith(token)).status).toBe(200);
        const profile = (await (await browser.request('/api/connected-apps')).json()) as {
          mode: string;
          apps: { id: string; name: string; scopes: string[] }[];
        };
        expect(profile.mode).toBe('oidc');
        const listed = profile.apps.find((each) => each.name === 'Revocable Agent');
        expect(listed?.scopes).toEqual(['metadata:read', 'sql:run']);
        // The app's token is bound to /mcp (RFC 8707): the REST API refuses it.
        const onRest = await fetch(`${publicUrl}/api/connected-apps`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(onRest.status).toBe(401);
        expect(await onRest.text()).toContain('/mcp only');
        expect((await browser.request(`/api/connected-apps/${listed?.id}`, 'DELETE')).status).toBe(204);
        const refused = await listToolsWith(token);
        expect(refused.status).toBe(401);
        expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
        const refresh = await tokenRequest({
          grant_type: 'refresh_token',
          refresh_token: app.savedTokens?.refresh_token ?? '',
          client_id: app.information?.client_id ?? '',
        });
        expect(refresh.body.error).toBe('invalid_grant');
        expect((await browser.request(`/api/connected-apps/${listed?.id}`, 'DELETE')).status).toBe(404);
      });

      it('sends the app an access_denied error when the person denies it', async () => {
        const app = new MemoryOauthClient(appRedirect, 'Denied Agent');
        const { browser, consent } = await signInUpToConsent(app);
        if (consent.kind !== 'page') throw new Error('No consent page');
        const back = await browser.answerConsent(consent.url, { decision: 'deny', scopes: [] });
        expect(back.kind).toBe('left');
        if (back.kind !== 'left') return;
        expect(back.url.searchParams.get('error')).toBe('access_denied');
        expect(back.url.searchParams.get('code')).toBeNull();
        expect(back.url.searchParams.get('iss')).toBe(`${publicUrl}/oauth`);
      });

      it('refuses an authorization without PKCE, or for another resource than /mcp', async () => {
        const app = new MemoryOauthClient(appRedirect, 'Careless Agent');
        const { authorization } = await signInUpToConsent(app);
        const browser = createOauthAppBrowser(publicUrl, new URL(provider.issuer).origin);
        const withoutPkce = new URL(authorization);
        withoutPkce.searchParams.delete('code_challenge');
        withoutPkce.searchParams.delete('code_challenge_method');
        const noPkce = await browser.open(withoutPkce);
        expect(noPkce.kind).toBe('left');
        if (noPkce.kind === 'left') {
          expect(noPkce.url.searchParams.get('error')).toBe('invalid_request');
          expect(noPkce.url.searchParams.get('error_description')).toMatch(/PKCE/i);
        }
        const plain = new URL(authorization);
        plain.searchParams.set('code_challenge_method', 'plain');
        const plainAnswer = await browser.open(plain);
        expect(plainAnswer.kind === 'left' && plainAnswer.url.searchParams.get('error')).toBe(
          'invalid_request',
        );
        const elsewhere = new URL(authorization);
        elsewhere.searchParams.set('resource', 'https://other.example/api');
        const foreign = await browser.open(elsewhere);
        expect(foreign.kind === 'left' && foreign.url.searchParams.get('error')).toBe('invalid_target');
      });
    });

    describe('an MCP app known by its client ID metadata document, as Claude and VS Code are', () => {
      // One document per store's run: the server caches a document by its address.
      const slug = store.name.toLowerCase().replace(/[^a-z]+/g, '-');
      const documentOf = (path: string, name: string) => ({
        client_id: metadataServer.url(path),
        client_name: name,
        redirect_uris: [appRedirect],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      });

      it('is fetched rather than registered, named with its publisher on the consent page, and works', async () => {
        const path = `/agents/${slug}/metadata.json`;
        metadataServer.serve(path, documentOf(path, 'Metadata Agent'));
        const app = new MemoryOauthClient(appRedirect, 'Metadata Agent', metadataServer.url(path));
        const { authorization, browser, consent } = await signInUpToConsent(app);
        // The SDK read client_id_metadata_document_supported and sent the address as its id.
        expect(authorization.searchParams.get('client_id')).toBe(metadataServer.url(path));
        expect(metadataServer.fetches.get(path)).toBeGreaterThanOrEqual(1);
        if (consent.kind !== 'page') throw new Error(`No consent page: left for ${consent.url.href}`);
        expect(consent.html).toContain('Connect Metadata Agent to Querent?');
        expect(consent.html).toContain(`published by <code>${new URL(metadataServer.url(path)).host}</code>`);

        const back = await browser.answerConsent(consent.url, {
          decision: 'allow',
          scopes: ['metadata:read'],
        });
        if (back.kind !== 'left') throw new Error(`Not sent back to the app: ${back.html.slice(0, 300)}`);
        await transportFor(app).finishAuth(back.url.searchParams.get('code') ?? '');
        const client = new Client({ name: 'Metadata Agent', version: '1.0.0' });
        await client.connect(transportFor(app));
        try {
          const { tools } = await client.listTools();
          expect(tools.map((tool) => tool.name)).toContain('list_databases');
        } finally {
          await client.close();
        }
      });

      it('refuses a document that names another client id, or is not there', async () => {
        const path = `/agents/${slug}/impostor.json`;
        metadataServer.serve(path, { ...documentOf('/agents/someone-else.json', 'Impostor') });
        const browser = createOauthAppBrowser(publicUrl, new URL(provider.issuer).origin);
        for (const clientId of [metadataServer.url(path), metadataServer.url('/agents/missing.json')]) {
          const authorize = new URL(`${publicUrl}/oauth/authorize`);
          authorize.search = new URLSearchParams({
            client_id: clientId,
            redirect_uri: appRedirect,
            response_type: 'code',
            code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
            code_challenge_method: 'S256',
            resource: `${publicUrl}/mcp`,
          }).toString();
          const answer = await browser.open(authorize);
          // Nobody to send an error back to: the app is unknown, so Querent says so itself.
          expect(answer.kind).toBe('page');
          if (answer.kind === 'page') {
            expect(answer.status).toBe(400);
            expect(answer.html).toContain('Querent could not connect the app');
          }
        }
      });
    });
  });
}
