import cookie from '@fastify/cookie';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { apiRoutes } from '@querent/contracts';
import { createAnonymousSandbox } from './auth/anonymous/anonymous-sandbox.ts';
import { moveOwnedObjects } from './modules/ownership/move-owned-objects.ts';
import { loadHostedSignIn } from './auth/oidc/load-hosted-sign-in.ts';
import { createAuthResolver } from './auth/resolve-user.ts';
import type { AuthResolver } from './auth/resolve-user.ts';
import { registerSameOriginCheck } from './http/same-origin-check.ts';
import { findLiveSessions } from './auth/sessions/live-sessions.ts';
import type { SessionDeps } from './auth/sessions/session-policy.ts';
import type { AppConfig } from './config/load-config.ts';
import { defaultScheduleMinutes } from './config/settings/quality.ts';
import { registerBodyLimits } from './http/body-limits.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerHttpAuth } from './http/http-auth.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRoutes } from './http/register-routes.ts';
import { sharingHandlers } from './modules/sharing/sharing.routes.ts';
import { registerRequestIdEcho } from './http/request-id.ts';
import { createHttp } from './http/create-http.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import type { ZodApp } from './http/zod-app.ts';
import { userHandlers } from './modules/account/account.routes.ts';
import { sessionHandlers } from './modules/account/sessions.routes.ts';
import { peopleHandlers } from './modules/people/people.routes.ts';
import { authHandlers } from './modules/auth/auth.routes.ts';
import type { HostedAuthDeps } from './modules/auth/hosted-auth.routes.ts';
import { businessEntityHandlers } from './modules/business-entities/business-entities.routes.ts';
import { chartHandlers } from './modules/charts/charts.routes.ts';
import { createCreditMetering } from './modules/credits/credit-metering.ts';
import { creditHandlers } from './modules/credits/credits.routes.ts';
import { dashboardHandlers } from './modules/dashboards/dashboards.routes.ts';
import { publicDashboardViewsPerMinute } from './modules/dashboards/public-dashboard.ts';
import { startAllowanceRenewal } from './modules/credits/renew-allowances.ts';
import { stripeClient } from './modules/credits/stripe-client.ts';
import { createDatabaseConnections } from './modules/databases/database-connections.ts';
import type { DatabaseConnections } from './modules/databases/database-connections.ts';
import type { DatabaseDeps } from './modules/databases/database-deps.ts';
import { databaseHandlers } from './modules/databases/databases.routes.ts';
import { SchemaCache } from './modules/databases/schema-cache.ts';
import { exportHandlers } from './modules/exports/exports.routes.ts';
import { createFavoriteFlags } from './modules/favorites/favorite-flags.ts';
import { favoriteHandlers } from './modules/favorites/favorites.routes.ts';
import { registerMcpEndpoint } from './modules/mcp/mcp-endpoint.ts';
import { apiKeyHandlers } from './modules/api-keys/api-keys.routes.ts';
import type { ApiKeyDeps } from './modules/api-keys/api-key-deps.ts';
import { resolveApiKey } from './modules/api-keys/resolve-api-key.ts';
import { looksLikeApiKey } from './modules/api-keys/api-key-secret.ts';
import { limitSignInRequests } from './modules/auth/sign-in-scopes.ts';
import { createOauthServer } from './modules/oauth/oauth-server.ts';
import { connectedAppHandlers } from './modules/oauth/connected-apps.routes.ts';
import { oauthUrls } from './modules/oauth/oauth-urls.ts';
import type { ResolveBearer } from './auth/resolve-user.ts';
import { memoryHandlers } from './modules/memories/memories.routes.ts';
import { proposeAfterDbtManifest } from './modules/semantic-models/propose-after-dbt-manifest.ts';
import { proposeAfterScan } from './modules/semantic-models/propose-after-scan.ts';
import { semanticModelHandlers } from './modules/semantic-models/semantic-models.routes.ts';
import { healthHandlers } from './modules/health/health.routes.ts';
import { createReadinessChecks } from './modules/health/readiness.ts';
import { createEntityIssues } from './modules/issues/entity-issues.ts';
import { issueHandlers } from './modules/issues/issues.routes.ts';
import { followIssueDecisions } from './modules/quality/checks/follow-issue-decisions.ts';
import type { QualityDeps } from './modules/quality/quality-deps.ts';
import { qualityHandlers } from './modules/quality/quality.routes.ts';
import { startQualityScheduler } from './modules/quality/schedule/scheduler.ts';
import { projectHandlers } from './modules/projects/projects.routes.ts';
import type { FavoriteFlags } from './modules/queries/favorite-flags.ts';
import { queryHandlers } from './modules/queries/queries.routes.ts';
import type { RunQueryDeps } from './modules/queries/run-query.ts';
import { savedQueryHandlers } from './modules/queries/saved-queries.routes.ts';
import type { SqlRunDeps } from './modules/sql-runs/sql-run-deps.ts';
import type { SqlRunObserver } from './modules/sql-runs/sql-run-observer.ts';
import { uploadHandlers } from './modules/uploads/uploads.routes.ts';
import { readProductVersion } from './modules/version/read-version.ts';
import { versionHandlers } from './modules/version/version.routes.ts';
import { createChatSetup } from './realtime/chat-setup.ts';
import { createQualityEvents } from './realtime/quality-events.ts';
import { createSessionSockets } from './realtime/session-sockets.ts';
import { createMinuteLimit } from './rate-limit/minute-limit.ts';
import { createRateLimitCounters } from './rate-limit/window-counters.ts';
import { createRealtime, SOCKET_PATH } from './realtime/socket-server.ts';
import type { Realtime } from './realtime/socket-server.ts';
import type { QuerentServer } from './realtime/socket-types.ts';
import { createSecretBox } from './secrets/secret-box.ts';
import { loadSecretKey } from './secrets/secret-key.ts';
import { createStore, pingStore } from './store/connect.ts';
import type { Store } from './store/connect.ts';
import type { Metrics } from './metrics/metrics.ts';
import { registerMetrics } from './metrics/metrics-route.ts';

export interface BuildAppOptions {
  /** A store the caller owns (tests share one); otherwise one is opened from the config and closed with the app. */
  store?: Store;
  /** The model answering conversations instead of the configured provider (scripted test models). */
  languageModel?: LanguageModelV4;
  /** Where the log goes instead of stdout: a test reads what the server warned about. */
  logStream?: { write(line: string): void };
  /**
   * Tests only, never configuration: a request naming a user id in this header is that user, so
   * suites can act as several users through the real authentication path.
   */
  testUserHeader?: string;
  /**
   * Told of every SQL run on a user's database, and may refuse one: where metering and auditing
   * attach. None by default.
   */
  sqlRunObservers?: readonly SqlRunObserver[];
  /**
   * Tests and the evaluation only: the clock sessions and sign-ins are judged by, moved instead of
   * waited for, and the one the analyst reads "today" from.
   */
  now?: () => Date;
  /** Tests only: how often open sockets have their sessions checked (a minute by default). */
  socketSessionCheckMs?: number;
  /**
   * Tests only: how the authorization server fetches MCP apps' client ID metadata documents,
   * instead of over the network with its refusal of private and loopback addresses.
   */
  fetchClientMetadata?: typeof fetch;
}

export interface BuiltApp {
  app: ZodApp;
  io: QuerentServer;
  store: Store;
  auth: AuthResolver;
  /** What the data features share: secrets, pooled connectors, schema cache. */
  databases: DatabaseDeps;
  /** What the data-quality use cases share (scans, runs, schedules). */
  quality: QualityDeps;
  /** Closes as interrupted the turns a previous process of this instance left running; after migrating. */
  recoverInterruptedTurns(): Promise<number>;
  /** Stops realtime, then HTTP, then the store if the app opened it. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Builds the whole server without listening, so tests and main.ts share it. Routes may still be
 * added to `app` until it listens.
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<BuiltApp> {
  const ownsStore = options.store === undefined;
  const store = options.store ?? createStore(config.store);
  const app = createHttp(config, options.logStream);
  const { hostedAuth } = config;
  const auth = createAuthResolver({
    mode: config.authMode,
    db: store.db,
    hosted: hostedAuth,
    now: options.now,
    testUserHeader: options.testUserHeader,
  });
  const sessions: SessionDeps | null =
    hostedAuth === null
      ? null
      : { db: store.db, policy: hostedAuth.sessions, ...(options.now ? { now: options.now } : {}) };
  // Only hosted mode limits rates (sign-in, the sandbox); with Redis, across instances.
  const rateLimits = await createRateLimitCounters({
    redis: hostedAuth && config.redisUrl ? { url: config.redisUrl, keyPrefix: config.redisKeyPrefix } : null,
    log: app.log,
    now: options.now,
  }).catch(async (error: unknown) => {
    if (ownsStore) await store.destroy();
    throw error;
  });
  const sandbox = createAnonymousSandbox({
    db: store.db,
    hosted: hostedAuth,
    counters: rateLimits.counters,
    now: options.now,
  });
  const sessionSockets = createSessionSockets();
  // API keys: a Bearer token on the REST API and /mcp, in either mode.
  const apiKeys: ApiKeyDeps = { db: store.db, now: options.now };
  const resolveBearer: ResolveBearer = (token) => resolveApiKey(apiKeys, token);
  const secretKey = loadSecretKey({ configured: config.secretKey, dataDir: config.dataDir });
  const secrets = createSecretBox(secretKey);
  const connections: DatabaseConnections = createDatabaseConnections({
    secrets,
    endpoints: config.engineEndpoints,
  });
  const databases: DatabaseDeps = {
    db: store.db,
    secrets,
    store: config.store,
    dataDir: config.dataDir,
    hostFilesGuarded: config.authMode === 'oidc',
    connections,
    schemaCache: new SchemaCache(),
    hosted: hostedAuth !== null,
    // A manifest defining semantic models or metrics leaves them as the model's pending proposal.
    dbtManifestFollowUps: [proposeAfterDbtManifest({ db: store.db, log: app.log })],
  };

  // prom-client loads only when metrics are on, so an instance without them starts no slower.
  const metrics: Metrics | null = config.metricsEnabled
    ? (await import('./metrics/metrics.ts')).createMetrics()
    : null;
  const { credits, sqlRunMeters, turnMeter } = createCreditMetering({
    config,
    db: store.db,
    now: options.now,
    modelGiven: options.languageModel !== undefined,
  });

  // Every path that runs SQL on a user's database (editor, chat, analyst, reruns, exports)
  // shares these limits and observers.
  const sqlRuns: SqlRunDeps = {
    connections,
    rowCap: config.queryRowCap,
    defaultTimeoutMs: config.queryTimeoutMs,
    sqlRunObservers: [
      ...sqlRunMeters,
      ...(options.sqlRunObservers ?? []),
      ...(metrics ? [metrics.sqlRuns] : []),
    ],
    log: app.log,
  };

  const qualityEvents = createQualityEvents();
  const quality: QualityDeps = {
    ...databases,
    ...sqlRuns,
    events: qualityEvents,
    scheduleDefaultMinutes: defaultScheduleMinutes(config.qualityScheduleMinutes, config.authMode),
    // Scan auto also proposes the semantic model (kept pending, never over the saved one).
    scanFollowUps: [proposeAfterScan({ db: store.db })],
  };

  const chat = createChatSetup({
    config,
    databases,
    sqlRuns,
    quality,
    log: app.log,
    languageModel: options.languageModel,
    ...(metrics ? { telemetry: metrics } : {}),
    meter: turnMeter,
    now: options.now,
    limitAsks: sandbox.limitAsks,
  });

  const readiness = createReadinessChecks();
  readiness.set('store', () => pingStore(store));

  let realtime: Realtime;
  try {
    registerRequestIdEcho(app);
    if (metrics) registerMetrics(app, metrics, config.metricsToken);
    registerErrorHandler(app);
    // Before the other hooks: an oversized body is refused before anything else is looked up.
    registerBodyLimits(app, (url) => url.startsWith(`${SOCKET_PATH}/`));
    // The API speaks JSON only; anything else is answered 415 rather than parsed as a string.
    app.removeContentTypeParser('text/plain');
    await registerSecurityHeaders(app);
    await app.register(cookie);
    registerSameOriginCheck(app, hostedAuth?.publicUrl ?? null);
    registerHttpAuth(app, auth, sandbox.visitors, resolveBearer);
    await registerOpenApi(app, { version: readProductVersion() });

    // Queries and charts show the user's stars; the favourites module, which lists both, reads them.
    const queries: RunQueryDeps & { favorites: FavoriteFlags } = {
      ...databases,
      ...sqlRuns,
      favorites: createFavoriteFlags(store.db),
    };
    // Only hosted mode loads the sign-in flow and its OpenID Connect library.
    const hosted: HostedAuthDeps | null =
      hostedAuth === null || sessions === null
        ? null
        : {
            config: hostedAuth,
            signIn: (await loadHostedSignIn()).createHostedSignIn({
              db: store.db,
              config: hostedAuth,
              moveOwnedObjects,
              now: options.now,
            }),
            sessions,
            sessionEnds: sessionSockets,
            rateLimitCounters: rateLimits.counters,
          };
    await registerRoutes(app, apiRoutes, {
      ...healthHandlers(readiness),
      ...versionHandlers(),
      ...authHandlers({ hosted }),
      ...userHandlers(credits),
      ...creditHandlers({
        ...credits,
        plans: config.creditPlans,
        pricePerQuery: config.creditPricing.perQuery,
        stripe:
          config.stripe === null ? null : { config: config.stripe, client: stripeClient(config.stripe) },
        publicUrl: hostedAuth?.publicUrl ?? '',
      }),
      ...sessionHandlers({ sessions, sessionEnds: sessionSockets }),
      ...apiKeyHandlers(apiKeys),
      ...connectedAppHandlers({
        db: store.db,
        resource: hostedAuth === null ? null : oauthUrls(hostedAuth.publicUrl).resource,
      }),
      ...peopleHandlers({
        db: store.db,
        sessions,
        sessionEnds: sessionSockets,
        organizationsFromSignIn: hostedAuth?.provider.claims.organization != null,
        moveOwnedObjects,
      }),
      ...databaseHandlers({ ...databases, bodyLimitBytes: config.databaseBodyLimitBytes }),
      ...projectHandlers(databases),
      ...chat.routeHandlers(),
      ...queryHandlers({ ...queries, limitAsks: sandbox.limitAsks }),
      ...savedQueryHandlers(queries),
      ...chartHandlers(queries),
      ...favoriteHandlers(queries),
      ...businessEntityHandlers({ db: store.db, issues: createEntityIssues(store.db) }),
      ...issueHandlers({ db: store.db, checks: followIssueDecisions(quality) }),
      ...qualityHandlers(quality),
      ...sharingHandlers({ db: store.db }),
      ...memoryHandlers({ db: store.db }),
      ...semanticModelHandlers({
        ...databases,
        ...sqlRuns,
        limitAsks: sandbox.limitAsks,
        bodyLimitBytes: config.databaseBodyLimitBytes,
      }),
      ...exportHandlers({
        ...databases,
        ...sqlRuns,
        maxRows: config.exportMaxRows,
        timeoutMs: config.exportTimeoutMs,
      }),
      ...uploadHandlers({ ...databases, dataDir: config.dataDir, maxBytes: config.uploadMaxBytes }),
      ...dashboardHandlers({
        db: store.db,
        ...sqlRuns,
        schemaCache: databases.schemaCache,
        entityIssues: createEntityIssues(store.db),
        limitAsks: sandbox.limitAsks,
        publicLinkLimit: createMinuteLimit(
          rateLimits.counters,
          'public-dashboards',
          publicDashboardViewsPerMinute,
        ),
      }),
    });

    // Hosted mode: Querent is the OAuth authorization server of its own /mcp (loaded only then).
    const oauth =
      hosted === null
        ? null
        : createOauthServer({
            db: store.db,
            secrets,
            secretKey,
            publicUrl: hosted.config.publicUrl,
            trustProxy: config.trustProxy !== false,
            resolveCaller: auth.resolveCaller,
            signIn: hosted.signIn,
            limit: limitSignInRequests(rateLimits.counters, hosted.config.signInRateLimit),
            fetchClientMetadata: options.fetchClientMetadata,
          });
    await oauth?.register(app);
    // An API key starts qk_; any other Bearer token on /mcp is an app's access token.
    const resolveMcpBearer: ResolveBearer = (token) =>
      oauth === null || looksLikeApiKey(token) ? resolveBearer(token) : oauth.resolveToken(token);

    // Claude, Cursor and other MCP clients reach the same use cases and policy on /mcp.
    registerMcpEndpoint(
      app,
      {
        ...queries,
        schemaCache: databases.schemaCache,
        entityIssues: createEntityIssues(store.db),
        askAnalyst: chat.askAnalyst,
      },
      {
        publicUrl: hostedAuth?.publicUrl ?? null,
        version: readProductVersion(),
        resolveCaller: auth.resolveCaller,
        resolveBearer: resolveMcpBearer,
        resourceMetadata: oauth?.urls.resourceMetadata ?? null,
      },
    );
    await registerWebApp(app, config.webDistDir);
    realtime = await createRealtime(app.server, {
      resolveCaller: auth.resolveCaller,
      publicUrl: hostedAuth?.publicUrl ?? null,
      trustProxy: config.trustProxy !== false,
      findLiveSessions: sessions === null ? null : (ids) => findLiveSessions(sessions, ids),
      ...(options.socketSessionCheckMs === undefined ? {} : { sessionCheckMs: options.socketSessionCheckMs }),
      redis: config.redisUrl === null ? null : { url: config.redisUrl, keyPrefix: config.redisKeyPrefix },
      log: app.log,
    });
    if (realtime.pingRedis !== null) readiness.set('redis', realtime.pingRedis);
    const { io } = realtime;
    metrics?.countSocketsWith(() => io.of('/').sockets.size);
    sessionSockets.attach(realtime.io);
    chat.attach(realtime.io, config.redisUrl !== null);
    qualityEvents.attach(realtime.io);
  } catch (error) {
    await app.close();
    await connections.closeAll();
    await rateLimits.close();
    if (ownsStore) await store.destroy();
    throw error;
  }

  const scheduler = startQualityScheduler(quality);
  const renewal = credits.creditsEnforced
    ? startAllowanceRenewal({ ...credits, plans: config.creditPlans, log: app.log })
    : null;
  const visitorCleanup = sandbox.startCleanup(app.log);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await scheduler.stop();
      renewal?.stop();
      await visitorCleanup.stop();
      await chat.close();
      await realtime.close();
      await app.close();
      await connections.closeAll();
      await rateLimits.close();
      if (ownsStore) await store.destroy();
    })();
    return closing;
  };

  return {
    app,
    io: realtime.io,
    store,
    auth,
    databases,
    quality,
    recoverInterruptedTurns: () => chat.recoverInterruptedTurns(),
    close,
  };
}
