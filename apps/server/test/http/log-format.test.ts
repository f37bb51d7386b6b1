import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { formatLogLine } from '../../src/http/pretty-log.ts';
import { resolveLogFormat } from '../../src/http/logger-options.ts';
import { freePort, startMain } from '../helpers/main-process.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/**
 * Starts the real server with stdout piped, asks one request with a known id, stops it, returns
 * stdout. Node's own warnings (a Fastify deprecation, for one) on stderr fail the test.
 */
async function serverLog(env: Record<string, string>, requestId: string): Promise<string> {
  const main = startMain({ PORT: String(await freePort()), DEMO_DATABASE: 'false', ...env }, cleanups);
  const deadline = Date.now() + 15_000;
  let url: string | undefined;
  while (url === undefined) {
    const { stdout, stderr } = main.output();
    url = /(http:\/\/[\w.]+:\d+)/.exec(stdout.split('Querent is running at ')[1] ?? '')?.[1];
    if (Date.now() > deadline || main.child.exitCode !== null)
      throw new Error(`The server did not start: ${stdout}${stderr}`);
    await sleep(50);
  }
  const response = await fetch(`${url}/api/nothing-here`, { headers: { 'x-request-id': requestId } });
  expect(response.status).toBe(404);
  main.child.kill('SIGTERM');
  await main.exited;
  const { stdout, stderr } = main.output();
  expect(stderr).not.toMatch(/Warning|FSTDEP/);
  return stdout;
}

describe('LOG_FORMAT', () => {
  it('auto is pretty for a terminal and JSON for a pipe; pretty and json are what they say', () => {
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
    expect(resolveLogFormat('json', true)).toBe('json');
  });

  it('json (and auto into a pipe): one JSON object per line, each line of the request with its id', async () => {
    for (const format of ['json', 'auto']) {
      const stdout = await serverLog({ LOG_FORMAT: format }, `req-${format}-1`);
      const entries = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const ofRequest = entries.filter((entry) => 'req' in entry || 'res' in entry);
      expect(ofRequest.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
      for (const entry of ofRequest) expect(entry.requestId).toBe(`req-${format}-1`);
      expect(entries.some((entry) => entry.msg === 'Shutting down')).toBe(true);
    }
  });

  it('pretty: one readable line per entry, the request id on each line of the request', async () => {
    const stdout = await serverLog({ LOG_FORMAT: 'pretty' }, 'lb-42.abc');
    const lines = stdout.trim().split('\n');
    for (const line of lines) expect(line).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3} (INFO |WARN |ERROR)/);
    // Piped, so no colour codes even though pretty was asked for.
    expect(stdout).not.toContain('\u001b[');
    expect(lines).toContainEqual(
      expect.stringMatching(/^\S+ INFO {2}\[lb-42\.abc\] incoming request GET \/api\/nothing-here$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^\S+ INFO {2}\[lb-42\.abc\] request completed 404 \d+\.\dms$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/ INFO {2}Querent is running at http:\/\/127\.0\.0\.1:\d+ url=/),
    );
  });
});

describe('a pretty line', () => {
  it('shows time, level, request id, message, an error with its stack below, and other fields', () => {
    const line = formatLogLine(
      JSON.stringify({
        level: 50,
        time: Date.UTC(2026, 0, 2, 3, 4, 5, 67),
        pid: 1,
        hostname: 'h',
        requestId: 'r-1',
        msg: 'Unhandled error',
        err: {
          type: 'TypeError',
          message: 'x is undefined',
          stack: 'TypeError: x is undefined\n    at f (a.ts:1:1)',
        },
        databaseId: 'db 1',
        count: 3,
      }),
      false,
    );
    expect(line).toBe(
      '03:04:05.067 ERROR [r-1] Unhandled error TypeError: x is undefined databaseId="db 1" count=3\n    at f (a.ts:1:1)\n',
    );
    expect(formatLogLine('{"level":30,"msg":"hi","time":0}', true)).toBe(
      '00:00:00.000 \u001b[32mINFO \u001b[0m hi\n',
    );
    expect(formatLogLine('not json', false)).toBe('not json\n');
  });
});
