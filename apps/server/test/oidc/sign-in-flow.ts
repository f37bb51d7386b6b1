import type { CompletedSignIn, HostedSignInDeps } from '../../src/auth/oidc/complete-sign-in.ts';
import { completeSignIn } from '../../src/auth/oidc/complete-sign-in.ts';
import type { StartSignInInput } from '../../src/auth/oidc/start-sign-in.ts';
import { startSignIn } from '../../src/auth/oidc/start-sign-in.ts';
import type { ProviderBrowser } from './provider-browser.ts';
import { createProviderBrowser } from './provider-browser.ts';

/** A sign-in taken as far as the provider's redirect back: what the callback route would receive. */
export interface ProviderCallback {
  callbackUrl: URL;
  /** What the browser's sign-in cookie holds. */
  browserState: string;
  browser: ProviderBrowser;
}

export async function signInAtProvider(
  deps: HostedSignInDeps,
  login: string,
  input: StartSignInInput & { browser?: ProviderBrowser } = {},
): Promise<ProviderCallback> {
  const started = await startSignIn(deps, input);
  if (started.state === null) throw new Error('The sign-in left the flow for a registration page');
  const browser = input.browser ?? createProviderBrowser();
  return { callbackUrl: await browser.signIn(started.url, login), browserState: started.state, browser };
}

/** The whole flow: start, the provider's login and consent pages, and the callback. */
export async function signInThroughProvider(
  deps: HostedSignInDeps,
  login: string,
  input: StartSignInInput = {},
): Promise<CompletedSignIn & { browser: ProviderBrowser }> {
  const callback = await signInAtProvider(deps, login, input);
  const completed = await completeSignIn(deps, {
    callbackUrl: callback.callbackUrl,
    browserState: callback.browserState,
    userAgent: 'Vitest',
    ip: '127.0.0.1',
  });
  return { ...completed, browser: callback.browser };
}
