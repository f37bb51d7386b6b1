import path from 'node:path';
import { z } from 'zod';
import type { EngineEndpoints } from './connectors/endpoints-env.ts';
import { endpointConfigDocs, endpointEnvShape, resolveEngineEndpoints } from './connectors/endpoints-env.ts';
import type { AgentConfig, LlmConfig } from './llm/llm-env.ts';
import { llmConfigDocs, llmEnvShape, llmSecretVariables, resolveLlmConfig } from './llm/llm-env.ts';
import { defaultWebDistDir } from './paths.ts';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export type StoreConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  store: StoreConfig;
  authMode: 'local';
  logLevel: LogLevel;
  redisUrl: string | null;
  bodyLimitBytes: number;
  webDistDir: string;
  /** Fastify's trustProxy: a flag, a hop count, or a list of trusted addresses. */
  trustProxy: boolean | number | string;
  /** Key for connection secrets at rest; null means a key file generated in dataDir. */
  secretKey: Buffer | null;
  /** Most rows a query run returns. */
  queryRowCap: number;
  /** Statement timeout of a query run when its database sets none. */
  queryTimeoutMs: number;
  /** Largest body of POST/PUT /api/databases, which may carry dbt artifacts. */
  databaseBodyLimitBytes: number;
  /** Create the generated demo database on first start. */
  demoDatabase: boolean;
  /** Most rows a CSV or XLSX export writes. */
  exportMaxRows: number;
  /** Time limit of a whole export, first row to last. */
  exportTimeoutMs: number;
  /** Largest file accepted by POST /api/uploads. */
  uploadMaxBytes: number;
  /** Non-default addresses of Snowflake and BigQuery, given to every connector the app creates. */
  engineEndpoints: EngineEndpoints;
  /** Who answers in conversations (llm/llm-env.ts). */
  llm: LlmConfig;
  agent: AgentConfig;
}

export interface ConfigDoc {
  name: string;
  default: string;
  description: string;
}

/** Every variable the server reads; the README's configuration table is generated from this. */
export const configDocs: readonly ConfigDoc[] = [
  { name: 'PORT', default: '3000', description: 'TCP port the HTTP server listens on.' },
  {
    name: 'HOST',
    default: '127.0.0.1',
    description: 'Interface to listen on; use 0.0.0.0 to accept connections from other machines.',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    description:
      'Directory for the SQLite store and other local files, resolved against the working directory.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description:
      'Metadata store. Unset: SQLite file querent.sqlite in DATA_DIR. postgres://user:pass@host:5432/db: PostgreSQL.',
  },
  {
    name: 'AUTH_MODE',
    default: 'local',
    description: 'local: one local administrator, no sign-in. Hosted sign-in (oidc) is not available yet.',
  },
  { name: 'LOG_LEVEL', default: 'info', description: `Log verbosity: ${logLevels.join(', ')}.` },
  {
    name: 'REDIS_URL',
    default: '(unset)',
    description:
      'redis://host:6379 enables the Socket.IO Redis adapter so several instances share realtime events.',
  },
  { name: 'BODY_LIMIT_BYTES', default: '1048576', description: 'Largest accepted request body, in bytes.' },
  {
    name: 'WEB_DIST_DIR',
    default: 'apps/web/dist',
    description:
      'Built web app to serve; the default is resolved from the server package, not the working directory.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Trust X-Forwarded-* headers: true/false, a number of proxy hops, or a comma-separated list of proxy addresses.',
  },
  {
    name: 'SECRET_KEY',
    default: '(unset)',
    description:
      'Base64 of 32 random bytes (openssl rand -base64 32) encrypting connection passwords and keys at rest. Unset: a key file secret.key is generated once in DATA_DIR. Set it when several instances share one store.',
  },
  {
    name: 'QUERY_ROW_CAP',
    default: '10000',
    description:
      'Most rows a query returns to the editor or the agent; longer results are cut and marked truncated.',
  },
  {
    name: 'QUERY_TIMEOUT_MS',
    default: '60000',
    description:
      'Statement timeout in milliseconds for databases that set none of their own; the query is cancelled in the database.',
  },
  {
    name: 'DATABASE_BODY_LIMIT_BYTES',
    default: '52428800',
    description:
      'Largest body accepted when creating or updating a database, which may carry dbt manifest.json and catalog.json.',
  },
  {
    name: 'DEMO_DATABASE',
    default: 'true',
    description:
      'Create the generated "Demo shop" database on first start; false skips it. Deleting it keeps it deleted.',
  },
  {
    name: 'EXPORT_MAX_ROWS',
    default: '1000000',
    description:
      'Most rows a CSV or XLSX export writes (XLSX also stops at its sheet limit of 1048575). A cut export says so in its HTTP trailer X-Querent-Truncated, in a last CSV line starting "# Truncated:" and in an XLSX sheet named Truncated.',
  },
  {
    name: 'EXPORT_TIMEOUT_MS',
    default: '600000',
    description:
      'Time limit in milliseconds of a whole export, first row to last; the statement is then cancelled in the database and the download ends unfinished.',
  },
  {
    name: 'UPLOAD_MAX_BYTES',
    default: '209715200',
    description:
      'Largest file accepted by the upload page (CSV, TSV, JSON, Parquet, XLSX), in bytes. Each upload becomes a DuckDB file under DATA_DIR/uploads.',
  },
  ...endpointConfigDocs,
  ...llmConfigDocs,
];

// An empty variable (`PORT=`) means "use the default", as most deployment tools write unset values that way.
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema,
  );
}

function integer(min: number, max: number, fallback: number) {
  const message = `must be an integer between ${min} and ${max}`;
  return optional(
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return fallback;
        const trimmed = value.trim();
        const parsed = Number(trimmed);
        if (!/^-?\d+$/.test(trimmed) || parsed < min || parsed > max) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return parsed;
      }),
  );
}

function url(protocols: readonly string[], message: string) {
  return optional(
    z
      .string()
      .optional()
      .refine((value) => {
        if (value === undefined) return true;
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, message),
  );
}

function trustProxy() {
  return optional(
    z
      .string()
      .optional()
      .transform((value, ctx): boolean | number | string => {
        if (value === undefined) return false;
        const trimmed = value.trim().toLowerCase();
        if (trimmed === 'true') return true;
        if (trimmed === 'false') return false;
        if (/^\d+$/.test(trimmed)) return Number(trimmed);
        if (/^[0-9a-f.:/,\s]+$/.test(trimmed)) return trimmed;
        ctx.addIssue({
          code: 'custom',
          message: 'must be true, false, a number of proxy hops, or a comma-separated list of addresses',
        });
        return z.NEVER;
      }),
  );
}

function flag(fallback: boolean) {
  return optional(
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return fallback;
        const trimmed = value.trim().toLowerCase();
        if (trimmed === 'true' || trimmed === '1') return true;
        if (trimmed === 'false' || trimmed === '0') return false;
        ctx.addIssue({ code: 'custom', message: 'must be true or false' });
        return z.NEVER;
      }),
  );
}

const SECRET_KEY_BYTES = 32;

function secretKey() {
  return optional(
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return null;
        const trimmed = value.trim();
        const key = Buffer.from(trimmed, 'base64');
        // Buffer.from ignores junk characters, so the text itself is checked too.
        if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) || key.length !== SECRET_KEY_BYTES) {
          ctx.addIssue({
            code: 'custom',
            message: `must be the base64 encoding of ${SECRET_KEY_BYTES} random bytes, e.g. the output of \`openssl rand -base64 32\` (leave it unset to use a key file generated in DATA_DIR)`,
          });
          return z.NEVER;
        }
        return key;
      }),
  );
}

const envSchema = z.object({
  PORT: integer(1, 65535, 3000),
  HOST: optional(z.string().default('127.0.0.1')),
  DATA_DIR: optional(z.string().default('./data')),
  DATABASE_URL: url(
    ['postgres:', 'postgresql:'],
    'must be a postgres:// or postgresql:// URL (leave it unset to use SQLite in DATA_DIR)',
  ),
  AUTH_MODE: optional(
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === 'local') return 'local' as const;
        ctx.addIssue({
          code: 'custom',
          message:
            value === 'oidc'
              ? 'must be "local": hosted sign-in mode "oidc" is not available yet'
              : 'must be "local" (hosted sign-in mode "oidc" is not available yet)',
        });
        return z.NEVER;
      }),
  ),
  LOG_LEVEL: optional(z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info')),
  REDIS_URL: url(['redis:', 'rediss:'], 'must be a redis:// or rediss:// URL'),
  BODY_LIMIT_BYTES: integer(1, 1024 * 1024 * 1024, 1048576),
  WEB_DIST_DIR: optional(z.string().optional()),
  TRUST_PROXY: trustProxy(),
  SECRET_KEY: secretKey(),
  QUERY_ROW_CAP: integer(1, 1_000_000, 10000),
  QUERY_TIMEOUT_MS: integer(100, 24 * 60 * 60 * 1000, 60000),
  DATABASE_BODY_LIMIT_BYTES: integer(1, 1024 * 1024 * 1024, 52428800),
  DEMO_DATABASE: flag(true),
  EXPORT_MAX_ROWS: integer(1, 100_000_000, 1_000_000),
  EXPORT_TIMEOUT_MS: integer(1000, 24 * 60 * 60 * 1000, 600_000),
  UPLOAD_MAX_BYTES: integer(1, 1024 * 1024 * 1024 * 1024, 209715200),
  ...endpointEnvShape,
  ...llmEnvShape,
});

// URLs that may carry a password (a proxy's user:pass@); only that part is hidden.
const secretVariables = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'LLM_BASE_URL',
  'SNOWFLAKE_ACCESS_URL',
  'BIGQUERY_API_ENDPOINT',
  'BIGQUERY_TOKEN_URL',
]);
// Whole-value secrets: not even a fragment of them is printed.
const hiddenVariables = new Set<string>(['SECRET_KEY', ...llmSecretVariables]);

/** Shows what was given without printing a password into logs. */
function describeValue(name: string, value: string | undefined): string {
  if (value === undefined) return 'unset';
  if (hiddenVariables.has(name)) return `${value.length} characters, hidden`;
  let shown = value;
  if (secretVariables.has(name)) {
    try {
      const parsed = new URL(value);
      if (parsed.password) {
        parsed.password = '***';
        shown = parsed.toString();
      }
    } catch {
      shown = value.replace(/:[^:@/]*@/, ':***@');
    }
  }
  return `"${shown}"`;
}

/**
 * The only reader of the environment. Throws one error naming every bad variable, so an operator
 * fixes the configuration in one pass instead of one restart per mistake.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name} ${issue.message} (got ${describeValue(name, source[name])})`;
    });
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const env = result.data;
  const { llm, agent, problems } = resolveLlmConfig(env);
  if (problems.length > 0) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  const dataDir = path.resolve(cwd, env.DATA_DIR);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    store:
      env.DATABASE_URL === undefined
        ? { kind: 'sqlite', file: path.join(dataDir, 'querent.sqlite') }
        : { kind: 'postgres', url: env.DATABASE_URL },
    authMode: env.AUTH_MODE,
    logLevel: env.LOG_LEVEL,
    redisUrl: env.REDIS_URL ?? null,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    webDistDir: env.WEB_DIST_DIR === undefined ? defaultWebDistDir : path.resolve(cwd, env.WEB_DIST_DIR),
    trustProxy: env.TRUST_PROXY,
    secretKey: env.SECRET_KEY,
    queryRowCap: env.QUERY_ROW_CAP,
    queryTimeoutMs: env.QUERY_TIMEOUT_MS,
    databaseBodyLimitBytes: env.DATABASE_BODY_LIMIT_BYTES,
    demoDatabase: env.DEMO_DATABASE,
    exportMaxRows: env.EXPORT_MAX_ROWS,
    exportTimeoutMs: env.EXPORT_TIMEOUT_MS,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    engineEndpoints: resolveEngineEndpoints(env),
    llm,
    agent,
  };
}

/** The names the schema reads, so a test can hold `configDocs` (and the README) to them. */
export const configVariables: readonly string[] = Object.keys(envSchema.shape);
