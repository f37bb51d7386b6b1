import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config/load-config.ts';
import type { LogFormat } from '../config/settings/observability.ts';
import { prettyLogStream } from './pretty-log.ts';

/** The log field holding the request id: the same name as in error answers. */
export const REQUEST_ID_LOG_LABEL = 'requestId';

/** auto: a person at a terminal gets readable lines, a pipe or a file gets JSON. */
export function resolveLogFormat(format: LogFormat, stdoutIsTerminal: boolean): 'pretty' | 'json' {
  if (format !== 'auto') return format;
  return stdoutIsTerminal ? 'pretty' : 'json';
}

/**
 * pino's options for Fastify. Every line logged for a request carries its id under `requestId`
 * (Fastify gives each request a child logger with it); secrets in headers are redacted.
 */
export function loggerOptions(
  config: Pick<AppConfig, 'logLevel' | 'logFormat'>,
  /** Takes pino's JSON lines as they are instead of stdout (tests reading the log). */
  given?: { write(line: string): void },
  out: NodeJS.WriteStream = process.stdout,
): NonNullable<FastifyServerOptions['logger']> {
  const base = {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  };
  if (given) return { ...base, stream: given };
  // Typed boolean, but undefined at run time for a pipe or a file: falsy either way.
  const isTerminal = out.isTTY;
  if (resolveLogFormat(config.logFormat, isTerminal) === 'json') return base;
  return { ...base, stream: prettyLogStream(out, isTerminal) };
}
