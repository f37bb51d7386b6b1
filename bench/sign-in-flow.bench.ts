// Sign-in to first answered request: GET /api/auth, the provider's login and consent pages, the
// callback, then GET /api/user, against the bare authorization-code flow with openid-client (the
// same pages, the code exchanged and the ID token checked, nothing stored) in the same run.
import type { Configuration } from 'openid-client';
import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  ClientSecretBasic,
  discovery,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
} from 'openid-client';
import { createAppBrowser } from '../apps/server/test/oidc/app-browser.ts';
import { createProviderBrowser } from '../apps/server/test/oidc/provider-browser.ts';
import { benchClient, startHostedBench } from './hosted-sign-in.ts';
import { median } from './server-process.ts';

const warmUps = 3;
const runs = 15;

async function querentSignInMs(base: string): Promise<number> {
  const started = performance.now();
  const browser = createAppBrowser(base, { publicUrl: base });
  const landed = await browser.signIn('alice');
  if (landed.status !== 302) throw new Error(`sign-in answered ${landed.status}`);
  const me = await browser.request('/api/user');
  if (me.status !== 200) throw new Error(`GET /api/user answered ${me.status}`);
  await me.arrayBuffer();
  return performance.now() - started;
}

async function bareSignInMs(configuration: Configuration, redirectUri: string): Promise<number> {
  const started = performance.now();
  const verifier = randomPKCECodeVerifier();
  const state = randomState();
  const nonce = randomNonce();
  const url = buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile org',
    code_challenge: await calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const callback = await createProviderBrowser().signIn(url, 'alice');
  await authorizationCodeGrant(configuration, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
    idTokenExpected: true,
  });
  return performance.now() - started;
}

export async function benchSignInFlow() {
  const hosted = await startHostedBench(3332);
  try {
    const configuration = await discovery(
      new URL(hosted.provider.issuer),
      benchClient.clientId,
      undefined,
      ClientSecretBasic(benchClient.clientSecret),
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- the test provider listens on plain http
      { execute: [allowInsecureRequests] },
    );
    const redirectUri = `${hosted.publicUrl}/api/auth/callback`;
    for (let index = 0; index < warmUps; index += 1) {
      await querentSignInMs(hosted.base);
      await bareSignInMs(configuration, redirectUri);
    }
    const querent: number[] = [];
    const bare: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      querent.push(await querentSignInMs(hosted.base));
      bare.push(await bareSignInMs(configuration, redirectUri));
    }
    const q = median(querent);
    const b = median(bare);
    return [
      {
        benchmark: `sign-in → first answered request (median of ${runs})`,
        querent: `${q.toFixed(0)} ms`,
        baseline: `${b.toFixed(0)} ms (bare openid-client code flow)`,
        ratio: (q / b).toFixed(2),
        target: 'report',
      },
    ];
  } finally {
    await hosted.stop();
  }
}
