import { hostname } from 'node:os';
import path from 'node:path';
import { defaultWebDistDir } from '../../paths.ts';
import { accept, integer, oneOf, type Reading, refuse, secret, setting, text, url } from '../setting.ts';
import { defineSettings } from '../setting-group.ts';

/* The process itself: where it listens, where it keeps its data and secrets, how it logs and scales. */

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export type StoreConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** Fastify's trustProxy: a flag, a hop count, or a list of trusted addresses. */
function readTrustProxy(value: string): Reading<boolean | number | string> {
  const lower = value.toLowerCase();
  if (lower === 'true') return accept(true);
  if (lower === 'false') return accept(false);
  if (/^\d+$/.test(lower)) return accept(Number(lower));
  if (/^[0-9a-f.:/,\s]+$/.test(lower)) return accept(lower);
  return refuse('must be true, false, a number of proxy hops, or a comma-separated list of addresses');
}

// Keys are joined with ':' after the prefix; spaces and ':' in it would blur where the prefix ends.
function readRedisKeyPrefix(value: string): Reading<string> {
  if (/^[A-Za-z0-9_.-]{1,64}$/.test(value)) return accept(value);
  return refuse('must be 1 to 64 letters, digits, dots, dashes or underscores');
}

const SECRET_KEY_BYTES = 32;

function readSecretKey(value: string): Reading<Buffer | null> {
  const key = Buffer.from(value, 'base64');
  // Buffer.from skips characters that are not base64, so the text itself is checked too.
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(value) && key.length === SECRET_KEY_BYTES) return accept(key);
  return refuse(
    `must be the base64 encoding of ${SECRET_KEY_BYTES} random bytes, e.g. the output of \`openssl rand -base64 32\` (leave it unset to use a key file generated in DATA_DIR)`,
  );
}

export const serverSettings = defineSettings(
  {
    port: integer({
      name: 'PORT',
      min: 1,
      max: 65535,
      default: 3000,
      description: 'TCP port the HTTP server listens on.',
    }),
    host: text({
      name: 'HOST',
      default: '127.0.0.1',
      description: 'Interface to listen on; use 0.0.0.0 to accept connections from other machines.',
    }),
    dataDir: text({
      name: 'DATA_DIR',
      default: './data',
      description:
        'Directory for the SQLite store and other local files, resolved against the working directory.',
    }),
    databaseUrl: url({
      name: 'DATABASE_URL',
      protocols: ['postgres:', 'postgresql:'],
      message: 'must be a postgres:// or postgresql:// URL (leave it unset to use SQLite in DATA_DIR)',
      description:
        'Metadata store. Unset: SQLite file querent.sqlite in DATA_DIR. postgres://user:pass@host:5432/db: PostgreSQL.',
    }),
    logLevel: oneOf({
      name: 'LOG_LEVEL',
      values: logLevels,
      default: 'info',
      description: `Log verbosity: ${logLevels.join(', ')}.`,
    }),
    redisUrl: url({
      name: 'REDIS_URL',
      protocols: ['redis:', 'rediss:'],
      message: 'must be a redis:// or rediss:// URL',
      description:
        'redis://host:6379 enables the Socket.IO Redis adapter so several instances share realtime events, and counts rate limits (sign-in, new visitors, visitors’ questions) across instances.',
    }),
    redisKeyPrefix: setting({
      name: 'REDIS_KEY_PREFIX',
      default: 'querent',
      read: readRedisKeyPrefix,
      description:
        'Starts every Redis key and channel this deployment uses (Socket.IO events, rate-limit counters), so deployments sharing one Redis stay apart.',
    }),
    instanceId: text({
      name: 'INSTANCE_ID',
      shownDefault: 'host name:PORT',
      description:
        'Names this instance in the store, so that on start-up it closes, as interrupted, the conversation turns it was answering when it last stopped. Keep it stable across restarts and unique among instances sharing a store.',
    }),
    turnLeaseSeconds: integer({
      name: 'TURN_LEASE_SECONDS',
      min: 3,
      max: 3600,
      default: 30,
      description:
        'How long an answer in progress holds its conversation without a sign of life from its instance: a crashed instance’s answers are closed as interrupted (and their SQL cancelled) about this long after it died. Instances sharing a store should agree on it.',
    }),
    bodyLimitBytes: integer({
      name: 'BODY_LIMIT_BYTES',
      min: 1,
      max: 1024 * 1024 * 1024,
      default: 1048576,
      description: 'Largest accepted request body, in bytes.',
    }),
    webDistDir: text({
      name: 'WEB_DIST_DIR',
      shownDefault: 'apps/web/dist',
      description:
        'Built web app to serve; the default is resolved from the server package, not the working directory.',
    }),
    trustProxy: setting({
      name: 'TRUST_PROXY',
      default: false,
      read: readTrustProxy,
      description:
        'Trust X-Forwarded-* headers: true/false, a number of proxy hops, or a comma-separated list of proxy addresses.',
    }),
    /** Key for connection secrets at rest; null means a key file generated in dataDir. */
    secretKey: secret(
      setting({
        name: 'SECRET_KEY',
        default: null,
        read: readSecretKey,
        description:
          'Base64 of 32 random bytes (openssl rand -base64 32) encrypting connection passwords and keys at rest. Unset: a key file secret.key is generated once in DATA_DIR. Set it when several instances share one store.',
      }),
    ),
  },
  ({ dataDir, databaseUrl, webDistDir, instanceId, ...values }, { cwd }) => {
    const resolvedDataDir = path.resolve(cwd, dataDir);
    const store: StoreConfig =
      databaseUrl === null
        ? { kind: 'sqlite', file: path.join(resolvedDataDir, 'querent.sqlite') }
        : { kind: 'postgres', url: databaseUrl };
    return {
      ...values,
      dataDir: resolvedDataDir,
      store,
      // The same host and port after a restart is the same instance; two on one host need two ports.
      instanceId: instanceId ?? `${hostname()}:${values.port}`,
      webDistDir: webDistDir === null ? defaultWebDistDir : path.resolve(cwd, webDistDir),
    };
  },
);
