// What the sign-in benchmarks share: the server suites' test provider, a Querent signing in through
// it (AUTH_MODE=oidc), and a headless browser that goes through the sign-in as a person would.
import { createAppBrowser } from '../apps/server/test/oidc/app-browser.ts';
import type { AppBrowser } from '../apps/server/test/oidc/app-browser.ts';
import type { TestProvider } from '../apps/server/test/oidc/test-provider.ts';
import { startTestProvider } from '../apps/server/test/oidc/test-provider.ts';
import { startQuerent } from './server-process.ts';

export const benchClient = { clientId: 'querent-bench', clientSecret: 'querent-bench-secret' };

export interface HostedBench {
  provider: TestProvider;
  base: string;
  publicUrl: string;
  /** A browser that has signed in as `login` (carol has no organisation: her requests do no more than local mode's). */
  signedIn(login: string): Promise<AppBrowser>;
  stop(): Promise<void>;
}

/** The test provider and a hosted-mode Querent on `port` whose public URL is its own address. */
export async function startHostedBench(port: number): Promise<HostedBench> {
  const publicUrl = `http://127.0.0.1:${port}`;
  const provider = await startTestProvider({
    clients: [
      {
        ...benchClient,
        redirectUris: [`${publicUrl}/api/auth/callback`],
        postLogoutRedirectUris: [`${publicUrl}/login`],
      },
    ],
  });
  const server = await startQuerent(port, {
    AUTH_MODE: 'oidc',
    PUBLIC_URL: publicUrl,
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: benchClient.clientId,
    OIDC_CLIENT_SECRET: benchClient.clientSecret,
    OIDC_SCOPES: 'openid email profile org',
    OIDC_ORGANIZATION_CLAIM: 'org',
    // The benchmarks sign in far more often than a person would.
    AUTH_RATE_LIMIT: '100000',
  });
  return {
    provider,
    base: publicUrl,
    publicUrl,
    async signedIn(login) {
      const browser = createAppBrowser(publicUrl, { publicUrl });
      const landed = await browser.signIn(login);
      if (landed.status !== 302) throw new Error(`sign-in answered ${landed.status}: ${await landed.text()}`);
      return browser;
    },
    async stop() {
      await server.stop();
      await provider.stop();
    },
  };
}
