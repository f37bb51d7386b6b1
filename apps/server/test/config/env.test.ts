import { hostname } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { oidcSettingsOf } from '../../src/auth/oidc/oidc-settings.ts';
import { configDocs } from '../../src/config/config-docs.ts';
import { loadConfig } from '../../src/config/load-config.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/srv/querent');
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/querent/data',
      store: { kind: 'sqlite', file: '/srv/querent/data/querent.sqlite' },
      instanceId: `${hostname()}:3000`,
      authMode: 'local',
      hostedAuth: null,
      signupCredits: 100,
      creditPlans: [],
      creditPricing: {
        defaultPrice: { input: 1, output: 3 },
        models: {},
        minimumPerTurn: 1,
        turnHold: 50,
        perQuery: 0,
      },
      stripe: null,
      logFormat: 'auto',
      logLevel: 'info',
      metricsEnabled: false,
      metricsToken: null,
      redisUrl: null,
      redisKeyPrefix: 'querent',
      turnLeaseSeconds: 30,
      bodyLimitBytes: 1048576,
      webDistDir: path.resolve(serverDir, '../web/dist'),
      trustProxy: false,
      secretKey: null,
      queryRowCap: 10000,
      queryTimeoutMs: 60000,
      databaseBodyLimitBytes: 52428800,
      demoDatabase: true,
      exportMaxRows: 1000000,
      exportTimeoutMs: 600000,
      uploadMaxBytes: 209715200,
      qualityScheduleMinutes: null,
      engineEndpoints: {},
      llm: {
        provider: 'offline',
        model: 'offline-analyst',
        apiKey: null,
        baseUrl: null,
        timeoutMs: 60000,
        maxRetries: 2,
        contextTokens: 100000,
        reasoningEffort: null,
        openaiApi: 'responses',
      },
      agent: { maxSteps: 25 },
      analystTimeZone: null,
      analystSemanticModel: 'on',
    });
  });

  it('resolves DATA_DIR against the working directory, WEB_DIST_DIR default against the server package', () => {
    const fromElsewhere = loadConfig({ DATA_DIR: 'var/q' }, '/tmp/elsewhere');
    expect(fromElsewhere.dataDir).toBe('/tmp/elsewhere/var/q');
    expect(fromElsewhere.webDistDir).toBe(path.resolve(serverDir, '../web/dist'));
    expect(loadConfig({ WEB_DIST_DIR: 'dist' }, '/tmp/elsewhere').webDistDir).toBe('/tmp/elsewhere/dist');
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/querent',
        DATABASE_URL: 'postgresql://querent:pw@db:5432/querent',
        AUTH_MODE: 'local',
        LOG_LEVEL: 'debug',
        REDIS_URL: 'redis://cache:6379',
        REDIS_KEY_PREFIX: 'acme-prod',
        BODY_LIMIT_BYTES: '2048',
        WEB_DIST_DIR: '/opt/web',
        TRUST_PROXY: 'true',
        SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
        QUERY_ROW_CAP: '500',
        QUERY_TIMEOUT_MS: '1500',
        DATABASE_BODY_LIMIT_BYTES: '4096',
        DEMO_DATABASE: 'false',
        EXPORT_MAX_ROWS: '250',
        EXPORT_TIMEOUT_MS: '90000',
        QUALITY_SCHEDULE_MINUTES: '60',
        SNOWFLAKE_ACCESS_URL: 'https://acme.privatelink.snowflakecomputing.com',
        BIGQUERY_API_ENDPOINT: 'https://bigquery-acme.p.googleapis.com',
        BIGQUERY_TOKEN_URL: 'https://oauth2-acme.p.googleapis.com/token',
        TURN_LEASE_SECONDS: '12',
      },
      '/',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/querent',
      store: { kind: 'postgres', url: 'postgresql://querent:pw@db:5432/querent' },
      logLevel: 'debug',
      redisUrl: 'redis://cache:6379',
      redisKeyPrefix: 'acme-prod',
      turnLeaseSeconds: 12,
      bodyLimitBytes: 2048,
      webDistDir: '/opt/web',
      trustProxy: true,
      secretKey: Buffer.alloc(32, 7),
      queryRowCap: 500,
      queryTimeoutMs: 1500,
      databaseBodyLimitBytes: 4096,
      demoDatabase: false,
      exportMaxRows: 250,
      exportTimeoutMs: 90000,
      qualityScheduleMinutes: 60,
      engineEndpoints: {
        snowflakeAccessUrl: 'https://acme.privatelink.snowflakecomputing.com',
        bigqueryEndpoints: {
          apiEndpoint: 'https://bigquery-acme.p.googleapis.com',
          tokenUrl: 'https://oauth2-acme.p.googleapis.com/token',
        },
      },
    });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });

  it("passes on only the engine endpoints that are set, so the others stay the vendors' own", () => {
    expect(loadConfig({ SNOWFLAKE_ACCESS_URL: 'http://127.0.0.1:8085/' }).engineEndpoints).toEqual({
      snowflakeAccessUrl: 'http://127.0.0.1:8085',
    });
    expect(loadConfig({ BIGQUERY_API_ENDPOINT: 'http://localhost:9050' }).engineEndpoints).toEqual({
      bigqueryEndpoints: { apiEndpoint: 'http://localhost:9050' },
    });
    expect(loadConfig({ BIGQUERY_TOKEN_URL: ' ', SNOWFLAKE_ACCESS_URL: '' }).engineEndpoints).toEqual({});
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', REDIS_URL: '', DATABASE_URL: ' ' }, '/x')).toMatchObject({
      port: 3000,
      redisUrl: null,
      store: { kind: 'sqlite' },
    });
  });

  it('trims the spaces around every value', () => {
    expect(
      loadConfig({ HOST: ' 0.0.0.0 ', LOG_LEVEL: ' debug ', AUTH_MODE: 'local ', DATA_DIR: ' q ' }, '/x'),
    ).toMatchObject({ host: '0.0.0.0', logLevel: 'debug', authMode: 'local', dataDir: '/x/q' });
  });

  const invalid: Array<[string, string, string]> = [
    ['PORT', 'abc', 'PORT must be an integer between 1 and 65535 (got "abc")'],
    ['PORT', '70000', 'PORT must be an integer between 1 and 65535 (got "70000")'],
    ['PORT', '3000.5', 'PORT must be an integer'],
    ['DATABASE_URL', 'mysql://root:secret@db/querent', 'DATABASE_URL must be a postgres://'],
    ['AUTH_MODE', 'saml', 'AUTH_MODE must be one of local, oidc (got "saml")'],
    ['PUBLIC_URL', 'querent.example.com', 'PUBLIC_URL must be an http:// or https:// URL'],
    [
      'PUBLIC_URL',
      'https://example.com/querent',
      "PUBLIC_URL must be the app's scheme, host and port only, e.g. https://example.com",
    ],
    [
      'OIDC_ISSUER_URL',
      'http://id.example.com/realms/acme',
      'OIDC_ISSUER_URL must be an https:// URL (http:// only for a provider on this machine',
    ],
    ['OIDC_SCOPES', 'email profile', 'OIDC_SCOPES must be space-separated scopes including openid'],
    ['OIDC_ORGANIZATION_CLAIM', 'org name', 'OIDC_ORGANIZATION_CLAIM must be one claim name'],
    ['ADMIN_EMAILS', 'ann@example.com, bob', 'ADMIN_EMAILS must be a comma-separated list of emails ("bob"'],
    ['SESSION_IDLE_TIMEOUT_HOURS', '0', 'SESSION_IDLE_TIMEOUT_HOURS must be an integer between 1 and 8760'],
    ['AUTH_RATE_LIMIT', 'many', 'AUTH_RATE_LIMIT must be an integer'],
    [
      'LOG_LEVEL',
      'loud',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    ['REDIS_URL', 'localhost:6379', 'REDIS_URL must be a redis:// or rediss:// URL'],
    [
      'REDIS_KEY_PREFIX',
      'acme prod',
      'REDIS_KEY_PREFIX must be 1 to 64 letters, digits, dots, dashes or underscores',
    ],
    ['TURN_LEASE_SECONDS', '1', 'TURN_LEASE_SECONDS must be an integer'],
    ['BODY_LIMIT_BYTES', '-1', 'BODY_LIMIT_BYTES must be an integer'],
    ['TRUST_PROXY', 'sometimes', 'TRUST_PROXY must be true, false'],
    ['SECRET_KEY', 'short', 'SECRET_KEY must be the base64 encoding of 32 random bytes'],
    [
      'SECRET_KEY',
      Buffer.alloc(16).toString('base64'),
      'SECRET_KEY must be the base64 encoding of 32 random bytes',
    ],
    ['QUERY_ROW_CAP', '0', 'QUERY_ROW_CAP must be an integer between 1 and 1000000'],
    ['QUERY_TIMEOUT_MS', 'soon', 'QUERY_TIMEOUT_MS must be an integer'],
    ['DATABASE_BODY_LIMIT_BYTES', '1.5', 'DATABASE_BODY_LIMIT_BYTES must be an integer'],
    ['DEMO_DATABASE', 'maybe', 'DEMO_DATABASE must be true or false'],
    ['ANALYST_SEMANTIC_MODEL', 'maybe', 'ANALYST_SEMANTIC_MODEL must be one of on, off'],
    ['EXPORT_MAX_ROWS', '0', 'EXPORT_MAX_ROWS must be an integer between 1 and 100000000'],
    ['EXPORT_TIMEOUT_MS', '500', 'EXPORT_TIMEOUT_MS must be an integer between 1000 and 86400000'],
    ['QUALITY_SCHEDULE_MINUTES', 'hourly', 'QUALITY_SCHEDULE_MINUTES must be an integer between 0 and 44640'],
    ['QUALITY_SCHEDULE_MINUTES', '50000', 'QUALITY_SCHEDULE_MINUTES must be an integer between 0 and 44640'],
    [
      'SNOWFLAKE_ACCESS_URL',
      'acme.snowflakecomputing.com',
      'SNOWFLAKE_ACCESS_URL must be an http:// or https:// URL (got "acme.snowflakecomputing.com")',
    ],
    [
      'SNOWFLAKE_ACCESS_URL',
      'https://proxy.example.com/snowflake',
      'SNOWFLAKE_ACCESS_URL must be scheme, host and port only, e.g. https://proxy.example.com (no path or credentials)',
    ],
    [
      'BIGQUERY_API_ENDPOINT',
      'ftp://bigquery.example.com',
      'BIGQUERY_API_ENDPOINT must be an http:// or https:// URL',
    ],
    ['BIGQUERY_TOKEN_URL', 'token', 'BIGQUERY_TOKEN_URL must be an http:// or https:// URL'],
  ];

  it.each(invalid)('names %s when it is %j', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
    expect(() => loadConfig({ [name]: value })).toThrow(/^Invalid configuration: /);
  });

  it('names every bad variable at once and never prints a password', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'y', DATABASE_URL: 'mysql://root:secret@db/q' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('LOG_LEVEL');
    expect(message).toContain('DATABASE_URL');
    expect(message).not.toContain('secret');
  });

  it('names a rule across variables in the same pass as a bad variable', () => {
    expect(() => loadConfig({ PORT: 'x', LLM_PROVIDER: 'openai' })).toThrow(
      'PORT must be an integer between 1 and 65535 (got "x"); LLM_API_KEY (or OPENAI_API_KEY) is required when LLM_PROVIDER is openai',
    );
  });

  it('reads hosted mode: the provider, the public address, claims, admins and session lifetimes', () => {
    const config = loadConfig({
      AUTH_MODE: 'oidc',
      PUBLIC_URL: 'https://querent.example.com/',
      OIDC_ISSUER_URL: 'https://id.example.com/realms/acme',
      OIDC_CLIENT_ID: 'querent',
      OIDC_CLIENT_SECRET: 'sssh',
      OIDC_SCOPES: 'openid  email profile organization',
      OIDC_ORGANIZATION_CLAIM: 'organization',
      OIDC_PICTURE_CLAIM: 'avatar_url',
      OIDC_SIGNUP_URL: 'https://id.example.com/register',
      ADMIN_EMAILS: ' Ann@Example.com,, bob@example.com ',
      SESSION_IDLE_TIMEOUT_HOURS: '2',
      SESSION_ABSOLUTE_TIMEOUT_HOURS: '24',
      AUTH_RATE_LIMIT: '5',
    });
    expect(config.authMode).toBe('oidc');
    expect(config.hostedAuth).toEqual({
      publicUrl: 'https://querent.example.com',
      provider: {
        issuerUrl: 'https://id.example.com/realms/acme',
        clientId: 'querent',
        clientSecret: 'sssh',
        scopes: 'openid email profile organization',
        claims: {
          email: 'email',
          givenName: 'given_name',
          familyName: 'family_name',
          picture: 'avatar_url',
          organization: 'organization',
        },
        signUpUrl: 'https://id.example.com/register',
      },
      adminEmails: ['ann@example.com', 'bob@example.com'],
      sessions: { idleTimeoutMs: 2 * 3600 * 1000, absoluteTimeoutMs: 24 * 3600 * 1000 },
      signInRateLimit: 5,
      anonymous: null,
    });
    // The provider is given the two addresses it must have registered, from the public URL.
    if (config.hostedAuth === null) throw new Error('hosted mode is configured');
    expect(oidcSettingsOf(config.hostedAuth)).toMatchObject({
      issuerUrl: 'https://id.example.com/realms/acme',
      redirectUri: 'https://querent.example.com/api/auth/callback',
      postLogoutRedirectUri: 'https://querent.example.com/login',
    });
    // A provider on this machine may be reached over http; the client secret is optional.
    const loopback = loadConfig({
      AUTH_MODE: 'oidc',
      PUBLIC_URL: 'http://localhost:3000',
      OIDC_ISSUER_URL: 'http://127.0.0.1:8080/realms/dev',
      OIDC_CLIENT_ID: 'querent',
    });
    expect(loopback.hostedAuth?.provider).toMatchObject({
      clientSecret: null,
      scopes: 'openid email profile',
    });
    expect(loopback.hostedAuth?.provider.claims.organization).toBeNull();
  });

  it('needs the provider and the public address in hosted mode, and reads none of them in local mode', () => {
    expect(() => loadConfig({ AUTH_MODE: 'oidc' })).toThrow(
      'Invalid configuration: OIDC_ISSUER_URL is required when AUTH_MODE=oidc; OIDC_CLIENT_ID is required when AUTH_MODE=oidc; PUBLIC_URL is required when AUTH_MODE=oidc',
    );
    expect(() =>
      loadConfig({
        AUTH_MODE: 'oidc',
        PUBLIC_URL: 'https://q.example.com',
        OIDC_ISSUER_URL: 'https://id.example.com',
        OIDC_CLIENT_ID: 'q',
        SESSION_IDLE_TIMEOUT_HOURS: '48',
        SESSION_ABSOLUTE_TIMEOUT_HOURS: '24',
      }),
    ).toThrow('SESSION_IDLE_TIMEOUT_HOURS must not be more than SESSION_ABSOLUTE_TIMEOUT_HOURS');
    expect(
      loadConfig({ OIDC_CLIENT_ID: 'ignored', PUBLIC_URL: 'https://q.example.com' }).hostedAuth,
    ).toBeNull();
  });

  it('reads the anonymous sandbox in hosted mode only', () => {
    const hosted = {
      AUTH_MODE: 'oidc',
      PUBLIC_URL: 'https://q.example.com',
      OIDC_ISSUER_URL: 'https://id.example.com',
      OIDC_CLIENT_ID: 'q',
    };
    expect(loadConfig(hosted).hostedAuth?.anonymous).toBeNull();
    expect(
      loadConfig({
        ...hosted,
        ANONYMOUS_ACCESS: 'true',
        ANONYMOUS_RETENTION_HOURS: '2',
        ANONYMOUS_ASKS_PER_MINUTE: '3',
      }).hostedAuth?.anonymous,
    ).toEqual({ retentionMs: 2 * 3600 * 1000, asksPerMinute: 3 });
    expect(loadConfig({ ...hosted, ANONYMOUS_ACCESS: 'true' }).hostedAuth?.anonymous).toEqual({
      retentionMs: 24 * 3600 * 1000,
      asksPerMinute: 10,
    });
    expect(() => loadConfig({ ANONYMOUS_ACCESS: 'true' })).toThrow(
      'ANONYMOUS_ACCESS=true needs AUTH_MODE=oidc',
    );
    expect(() => loadConfig({ ...hosted, ANONYMOUS_ACCESS: 'yes' })).toThrow('ANONYMOUS_ACCESS');
    expect(() => loadConfig({ ...hosted, ANONYMOUS_ASKS_PER_MINUTE: '0' })).toThrow(
      'ANONYMOUS_ASKS_PER_MINUTE',
    );
  });

  it('never prints the client secret in a configuration error', () => {
    expect(() =>
      loadConfig({ AUTH_MODE: 'oidc', OIDC_CLIENT_SECRET: 'top-secret', OIDC_CLIENT_ID: 'q' }),
    ).not.toThrow(/top-secret/);
  });

  it('hides the password of a proxy URL given as an engine endpoint', () => {
    expect(() => loadConfig({ SNOWFLAKE_ACCESS_URL: 'https://user:hunter2@proxy/sf' })).toThrow(
      '(got "https://user:***@proxy/sf")',
    );
  });

  it('never prints any part of a bad SECRET_KEY', () => {
    const key = 'not-a-key-but-still-private-$$$';
    expect(() => loadConfig({ SECRET_KEY: key })).toThrow(`(got ${key.length} characters, hidden)`);
    expect(() => loadConfig({ SECRET_KEY: key })).not.toThrow(/private/);
  });
});

describe('configDocs', () => {
  it('documents each variable once, with a default and a description', () => {
    const names = configDocs.map((doc) => doc.name);
    expect(names).toEqual([
      'PORT',
      'HOST',
      'DATA_DIR',
      'DATABASE_URL',
      'LOG_LEVEL',
      'REDIS_URL',
      'REDIS_KEY_PREFIX',
      'INSTANCE_ID',
      'TURN_LEASE_SECONDS',
      'BODY_LIMIT_BYTES',
      'WEB_DIST_DIR',
      'TRUST_PROXY',
      'SECRET_KEY',
      'LOG_FORMAT',
      'METRICS_ENABLED',
      'METRICS_TOKEN',
      'AUTH_MODE',
      'PUBLIC_URL',
      'OIDC_ISSUER_URL',
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
      'OIDC_SCOPES',
      'OIDC_EMAIL_CLAIM',
      'OIDC_GIVEN_NAME_CLAIM',
      'OIDC_FAMILY_NAME_CLAIM',
      'OIDC_PICTURE_CLAIM',
      'OIDC_ORGANIZATION_CLAIM',
      'OIDC_SIGNUP_URL',
      'ADMIN_EMAILS',
      'SESSION_IDLE_TIMEOUT_HOURS',
      'SESSION_ABSOLUTE_TIMEOUT_HOURS',
      'AUTH_RATE_LIMIT',
      'ANONYMOUS_ACCESS',
      'ANONYMOUS_RETENTION_HOURS',
      'ANONYMOUS_ASKS_PER_MINUTE',
      'CREDIT_PLANS',
      'SIGNUP_CREDITS',
      'CREDIT_PRICE_INPUT_PER_1K',
      'CREDIT_PRICE_OUTPUT_PER_1K',
      'CREDIT_MODEL_PRICES',
      'CREDIT_MIN_PER_TURN',
      'CREDIT_TURN_HOLD',
      'CREDIT_PRICE_PER_QUERY',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_API_URL',
      'STRIPE_CENTS_PER_CREDIT',
      'STRIPE_CURRENCY',
      'QUERY_ROW_CAP',
      'QUERY_TIMEOUT_MS',
      'DATABASE_BODY_LIMIT_BYTES',
      'DEMO_DATABASE',
      'EXPORT_MAX_ROWS',
      'EXPORT_TIMEOUT_MS',
      'UPLOAD_MAX_BYTES',
      'QUALITY_SCHEDULE_MINUTES',
      'SNOWFLAKE_ACCESS_URL',
      'BIGQUERY_API_ENDPOINT',
      'BIGQUERY_TOKEN_URL',
      'LLM_PROVIDER',
      'LLM_MODEL',
      'LLM_API_KEY',
      'OPENAI_API_KEY',
      'ANTHROPIC_API_KEY',
      'LLM_BASE_URL',
      'LLM_TIMEOUT_MS',
      'LLM_MAX_RETRIES',
      'LLM_CONTEXT_TOKENS',
      'LLM_REASONING_EFFORT',
      'LLM_OPENAI_API',
      'AGENT_MAX_STEPS',
      'ANALYST_TIME_ZONE',
      'ANALYST_SEMANTIC_MODEL',
    ]);
    for (const doc of configDocs) {
      expect(doc.default.length, doc.name).toBeGreaterThan(0);
      expect(doc.description.length, doc.name).toBeGreaterThan(10);
    }
  });
});
