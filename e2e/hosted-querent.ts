// Hosted Querent for the sign-in spec: a real OpenID Connect provider (the server suites' test
// provider, in this worker) and Querent started with AUTH_MODE=oidc in its own process and data
// directory, apart from the local-mode server the other specs use.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { TestProvider } from '../apps/server/test/oidc/test-provider.ts';
import { startTestProvider } from '../apps/server/test/oidc/test-provider.ts';

const serverMain = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));

export interface HostedQuerent {
  /** Querent's public URL, where the browser goes. */
  url: string;
  provider: TestProvider;
  dataDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no free port');
  return address.port;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Hosted Querent exited early: ${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Hosted Querent did not answer at ${url}: ${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = once(child, 'exit').then(() => undefined);
  child.kill('SIGTERM');
  return exited;
}

/**
 * Starts the provider, then Querent signing in through it; resolves once Querent answers.
 * `env` adds to (or overrides) Querent's hosted configuration, e.g. ANONYMOUS_ACCESS.
 */
export async function startHostedQuerent(env: Record<string, string> = {}): Promise<HostedQuerent> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const provider = await startTestProvider({
    clients: [
      {
        clientId: 'querent-e2e',
        clientSecret: 'querent-e2e-secret',
        redirectUris: [`${url}/api/auth/callback`],
        postLogoutRedirectUris: [`${url}/login`],
      },
    ],
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'querent-e2e-hosted-'));
  let output = '';
  const child = spawn(process.execPath, [serverMain], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_MODE: 'oidc',
      PUBLIC_URL: url,
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: 'querent-e2e',
      OIDC_CLIENT_SECRET: 'querent-e2e-secret',
      OIDC_SCOPES: 'openid email profile org',
      OIDC_ORGANIZATION_CLAIM: 'org',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    await stopChild(child);
    await provider.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, provider, dataDir, stop };
}

export interface SeededDatabase {
  name: string;
  /** The organisation's name, as the provider's organisation claim names it. */
  organization: string;
  /** Readable by everyone, anonymous visitors included. */
  public?: boolean;
}

/**
 * Two organisations' databases, written into hosted Querent's store as the people of each would
 * have created them: each organisation, a person of it who signed in earlier (so the people the
 * spec signs in are not the first, who would become an administrator), and their database.
 */
export function seedOrganizationDatabases(
  hosted: HostedQuerent,
  databases: SeededDatabase[],
  sqliteFile: string,
): void {
  const store = new Database(join(hosted.dataDir, 'querent.sqlite'));
  store.pragma('busy_timeout = 5000');
  try {
    const now = new Date().toISOString();
    databases.forEach((database, index) => {
      const organizationId = `org-${index}`;
      const ownerId = `owner-${index}`;
      store
        .prepare('INSERT INTO organizations (id, name, external_key, created_at) VALUES (?, ?, ?, ?)')
        .run(organizationId, database.organization, database.organization, now);
      store
        .prepare(
          `INSERT INTO users (id, email, first_name, role, organization_id, oidc_issuer, oidc_subject, created_at, updated_at)
           VALUES (?, ?, ?, 'member', ?, ?, ?, ?, ?)`,
        )
        .run(
          ownerId,
          `${ownerId}@example.com`,
          `Owner ${index}`,
          organizationId,
          hosted.provider.issuer,
          ownerId,
          now,
          now,
        );
      store
        .prepare(
          `INSERT INTO databases (id, name, engine, details, owner_id, organization_id, public, created_at, updated_at)
           VALUES (?, ?, 'sqlite', ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          `db-${index}`,
          database.name,
          JSON.stringify({ filename: sqliteFile }),
          ownerId,
          organizationId,
          database.public === true ? 1 : 0,
          now,
          now,
        );
    });
  } finally {
    store.close();
  }
}
