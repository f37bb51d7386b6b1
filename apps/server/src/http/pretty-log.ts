/*
 * The log as a person reads it at a terminal: one line per entry, time, level, request id,
 * message, then the other fields as key=value; an error's stack follows, indented. The same
 * entries as the JSON log, only written for eyes rather than for a collector.
 */

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

// ANSI colours by level; only when writing to a terminal.
const levelColours: Record<number, string> = { 10: '90', 20: '36', 30: '32', 40: '33', 50: '31', 60: '35' };

/** What every line has already said, or pino's bookkeeping no reader needs. */
const shownApart = new Set([
  'level',
  'time',
  'msg',
  'pid',
  'hostname',
  'requestId',
  'req',
  'res',
  'responseTime',
  'err',
  'v',
]);

type Entry = Record<string, unknown>;

function isEntry(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toISOString().slice(11, 23);
}

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /^[^\s="]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value);
}

/** Fastify's request and response fields, shortened to what a person looks for. */
function httpPart(entry: Entry): string {
  const parts: string[] = [];
  if (isEntry(entry.req)) parts.push(`${String(entry.req.method)} ${String(entry.req.url)}`);
  if (isEntry(entry.res)) parts.push(String(entry.res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${entry.responseTime.toFixed(1)}ms`);
  return parts.join(' ');
}

function errorPart(entry: Entry): { summary: string; stack: string } {
  if (!isEntry(entry.err)) return { summary: '', stack: '' };
  const message = typeof entry.err.message === 'string' ? entry.err.message : '';
  const type = typeof entry.err.type === 'string' ? entry.err.type : 'Error';
  const stack = typeof entry.err.stack === 'string' ? entry.err.stack.split('\n').slice(1).join('\n') : '';
  return { summary: `${type}: ${message}`, stack: stack === '' ? '' : `\n${stack}` };
}

/** One JSON log line of pino as a readable line (or the text unchanged if it is not JSON). */
export function formatLogLine(json: string, colours: boolean): string {
  let entry: unknown;
  try {
    entry = JSON.parse(json);
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  if (!isEntry(entry)) return `${json.trimEnd()}\n`;
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const name = (levelNames[level] ?? String(level)).padEnd(5);
  const shownLevel = colours ? `\u001b[${levelColours[level] ?? '0'}m${name}\u001b[0m` : name;
  const error = errorPart(entry);
  const fields = Object.entries(entry)
    .filter(([key]) => !shownApart.has(key))
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  const words = [
    clock(entry.time),
    shownLevel,
    typeof entry.requestId === 'string' ? `[${entry.requestId}]` : '',
    typeof entry.msg === 'string' ? entry.msg : '',
    httpPart(entry),
    error.summary,
    ...fields,
  ].filter((word) => word !== '');
  return `${words.join(' ')}${error.stack}\n`;
}

/** A destination for pino that writes each entry to `out` as a readable line. */
export function prettyLogStream(out: NodeJS.WritableStream, colours: boolean): { write(line: string): void } {
  return {
    write(line) {
      out.write(formatLogLine(line, colours));
    },
  };
}
