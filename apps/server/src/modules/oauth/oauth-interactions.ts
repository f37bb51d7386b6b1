import type { ApiKeyScope } from '@querent/contracts';
import { apiKeyScopes } from '@querent/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { authCookie } from '../../auth/auth-cookies.ts';
import type { HostedSignIn } from '../../auth/oidc/hosted-sign-in.ts';
import { signInAttemptTtlMs } from '../../auth/oidc/oidc-deps.ts';
import type { ResolveCaller } from '../../auth/resolve-user.ts';
import { AppError } from '../../errors.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import type { User } from '../users/user.ts';
import { renderConsentPage } from './consent-page.ts';
import { asOauthStepError } from './oauth-step-error.ts';
import { handOver } from './hand-over.ts';
import type { OauthUrls } from './oauth-urls.ts';
import { interactionPath, OAUTH_PATH } from './oauth-urls.ts';

export interface OauthInteractionDeps {
  /** Made at the first request that needs it (after the store was migrated). */
  provider: () => Promise<Provider>;
  urls: OauthUrls;
  publicUrl: string;
  /** Who the browser is signed in as (its Querent session), or null. */
  resolveCaller: ResolveCaller;
  signIn: HostedSignIn;
  /** Counts each address's requests to the sign-in and consent steps. */
  limit: (scope: ZodApp) => Promise<void>;
}

/** The host of a client id that is a client ID metadata document's https address; else null. */
function metadataDocumentHost(clientId: string): string | null {
  if (!clientId.startsWith('https://')) return null;
  try {
    return new URL(clientId).host;
  } catch {
    return null;
  }
}

function personName(user: User): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.email || 'you';
}

function isScope(value: string): value is ApiKeyScope {
  return (apiKeyScopes as readonly string[]).includes(value);
}

/** What the app asks of the MCP resource that the person has not granted yet. */
function askedScopes(
  details: Awaited<ReturnType<Provider['interactionDetails']>>,
  resource: string,
): ApiKeyScope[] {
  const missing = (details.prompt.details.missingResourceScopes ?? {}) as Record<
    string,
    string[] | undefined
  >;
  return (missing[resource] ?? []).filter(isScope);
}

/** A form post's fields: each name with every value it was sent. */
function formFields(body: string): URLSearchParams {
  return new URLSearchParams(body);
}

/**
 * The pages an MCP client's authorization goes through, in the person's browser: first who they
 * are (their Querent session, or a sign-in through the configured OpenID Connect provider that
 * comes back here), then the consent page naming the app and what it asks for. Each step is
 * handed back to oidc-provider, which redirects on with the code and `iss`.
 */
export async function registerOauthInteractions(app: ZodApp, deps: OauthInteractionDeps): Promise<void> {
  const { urls } = deps;

  async function signedInUser(request: FastifyRequest): Promise<User | null> {
    const caller = await deps.resolveCaller({ headers: request.headers, cookies: request.cookies });
    return caller?.user ?? null;
  }

  async function detailsOf(request: FastifyRequest, reply: FastifyReply) {
    const provider = await deps.provider();
    try {
      return { provider, details: await provider.interactionDetails(request.raw, reply.raw) };
    } catch (error) {
      throw asOauthStepError(error);
    }
  }

  async function show(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
    const { provider, details } = await detailsOf(request, reply);
    const user = await signedInUser(request);
    if (details.prompt.name === 'login') {
      if (user === null) {
        // Sign in through the company's provider, then come back to this very step.
        const started = await deps.signIn.startSignIn({ returnTo: interactionPath(details.uid) });
        if (started.state !== null) {
          const cookie = authCookie('sign-in', deps.publicUrl, started.state, signInAttemptTtlMs / 1000);
          void reply.setCookie(cookie.name, cookie.value, cookie.options);
        }
        return reply.header('cache-control', 'no-store').redirect(started.url, 303);
      }
      return handOver(reply, () =>
        provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: user.id } },
          { mergeWithLastSubmission: false },
        ),
      );
    }
    if (user === null || user.id !== details.session?.accountId) {
      throw new AppError(
        'UNAUTHORIZED',
        'Sign in to Querent as the person connecting the app, then try again',
      );
    }
    const clientId = String(details.params.client_id);
    const client = await provider.Client.find(clientId);
    const redirectUri = typeof details.params.redirect_uri === 'string' ? details.params.redirect_uri : '';
    let redirectHost = redirectUri;
    try {
      redirectHost = new URL(redirectUri).host || redirectUri;
    } catch {
      // An app-specific scheme (a native app) is shown as given.
    }
    const page = renderConsentPage({
      appName: client?.clientName ?? clientId,
      redirectHost,
      publisher: metadataDocumentHost(clientId),
      scopes: askedScopes(details, urls.resource),
      personName: personName(user),
      action: interactionPath(details.uid),
    });
    // The form's answer redirects on to the app: the page's CSP lets the form go there.
    const formTargets = new Set(["'self'"]);
    for (const uri of client?.redirectUris ?? []) {
      try {
        formTargets.add(new URL(uri).origin);
      } catch {
        // not a URL a CSP can name
      }
    }
    // Under no-referrer a browser sends the form with `Origin: null`, which the same-origin check
    // refuses; same-origin keeps the page's own origin on it and tells other sites nothing.
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'same-origin')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'unsafe-inline'; form-action ${[...formTargets].join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
      )
      .type('text/html; charset=utf-8')
      .send(page);
  }

  async function decide(
    request: FastifyRequest<{ Params: { uid: string }; Body: string }>,
    reply: FastifyReply,
  ) {
    const { provider, details } = await detailsOf(request, reply);
    const user = await signedInUser(request);
    if (details.prompt.name !== 'consent' || user === null || user.id !== details.session?.accountId) {
      throw new AppError(
        'UNAUTHORIZED',
        'Sign in to Querent as the person connecting the app, then try again',
      );
    }
    const fields = formFields(typeof request.body === 'string' ? request.body : '');
    const asked = askedScopes(details, urls.resource);
    const chosen = fields.getAll('scope').filter((scope) => asked.includes(scope as ApiKeyScope));
    if (fields.get('decision') !== 'allow' || (asked.length > 0 && chosen.length === 0)) {
      return handOver(reply, () =>
        provider.interactionFinished(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'The person did not allow the app' },
          { mergeWithLastSubmission: false },
        ),
      );
    }
    const clientId = String(details.params.client_id);
    const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId: user.id, clientId });
    if (chosen.length > 0) grant.addResourceScope(urls.resource, chosen.join(' '));
    // The MCP scopes are also listed among the server's own (clients register with them): what
    // the person left out is recorded as refused, so they are not asked again for it.
    const oidcScopes = (details.prompt.details.missingOIDCScope ?? []) as string[];
    const kept = oidcScopes.filter((scope) => !isScope(scope) || chosen.includes(scope));
    const refused = oidcScopes.filter((scope) => !kept.includes(scope));
    if (kept.length > 0) grant.addOIDCScope(kept.join(' '));
    if (refused.length > 0) grant.rejectOIDCScope(refused.join(' '));
    const refusedResource = asked.filter((scope) => !chosen.includes(scope));
    if (refusedResource.length > 0) grant.rejectResourceScope(urls.resource, refusedResource.join(' '));
    const grantId = await grant.save();
    return handOver(reply, () =>
      provider.interactionFinished(
        request.raw,
        reply.raw,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      ),
    );
  }

  await app.register(async (scope) => {
    await deps.limit(scope);
    // The consent form posts urlencoded fields; read as text and parsed where needed.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, body);
      },
    );
    scope.get<{ Params: { uid: string } }>(
      `${OAUTH_PATH}/interaction/:uid`,
      { config: { auth: 'public' } },
      show,
    );
    scope.post<{ Params: { uid: string }; Body: string }>(
      `${OAUTH_PATH}/interaction/:uid`,
      { config: { auth: 'public' } },
      decide,
    );
  });
}
