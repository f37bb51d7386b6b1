import type { Configuration } from 'openid-client';
import {
  allowInsecureRequests,
  ClientSecretBasic,
  discovery,
  enableNonRepudiationChecks,
  None,
} from 'openid-client';
import { describeProviderFailure } from './oidc-errors.ts';
import type { OidcSettings } from './oidc-settings.ts';

/** The provider as discovered once, shared by every sign-in of this instance. */
export interface OidcIssuer {
  settings: OidcSettings;
  /** The discovered configuration; a failed discovery is tried again at the next call. */
  configuration(): Promise<Configuration>;
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

function allowsHttp(settings: OidcSettings): boolean {
  return settings.allowHttpIssuer ?? loopbackHosts.has(new URL(settings.issuerUrl).hostname);
}

async function discover(settings: OidcSettings): Promise<Configuration> {
  const configuration = await discovery(
    new URL(settings.issuerUrl),
    settings.clientId,
    undefined,
    settings.clientSecret === null ? None() : ClientSecretBasic(settings.clientSecret),
    {
      timeout: settings.timeoutSeconds ?? 10,
      // Non-repudiation: the ID token's signature is checked against the provider's keys even
      // though it came straight from the token endpoint, so no intermediary can forge one.
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- flagged so it is used knowingly; allowsHttp decides
      execute: [...(allowsHttp(settings) ? [allowInsecureRequests] : []), enableNonRepudiationChecks],
    },
  );
  return configuration;
}

/**
 * Discovery happens at the first sign-in rather than at boot, so a provider that is down does not
 * stop the app; the configuration is then kept for the life of the process.
 */
export function createOidcIssuer(settings: OidcSettings): OidcIssuer {
  let discovered: Promise<Configuration> | null = null;
  return {
    settings,
    configuration() {
      discovered ??= discover(settings).catch((error: unknown) => {
        discovered = null;
        throw describeProviderFailure(error, settings.issuerUrl);
      });
      return discovered;
    },
  };
}
