import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_USER_HEADER } from '../helpers/api-client.ts';
import type { RawAnswer } from '../helpers/raw-http.ts';
import { sendHead } from '../helpers/raw-http.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

/**
 * Bodies refused on the length they announce, before they are sent: a bare TCP client sends only a
 * request's head (and a body only if told to continue) and reads what the server says.
 */
const limits = { default: 1024, databases: 8192, upload: 16 * 1024 };
let running: RunningApp;

beforeAll(async () => {
  running = await startTestApp(
    {
      BODY_LIMIT_BYTES: String(limits.default),
      DATABASE_BODY_LIMIT_BYTES: String(limits.databases),
      UPLOAD_MAX_BYTES: String(limits.upload),
    },
    { testUserHeader: TEST_USER_HEADER },
  );
});

afterAll(async () => {
  await running.stop();
});

function post(path: string, length: number, headers: Record<string, string> = {}, body?: string) {
  return sendHead(
    running.port,
    {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', 'content-length': String(length), ...headers },
    },
    body === undefined ? {} : { bodyAfterContinue: body },
  );
}

function errorOf(answer: RawAnswer): { code: string; message: string; field?: string } {
  return (JSON.parse(answer.body) as { error: { code: string; message: string; field?: string } }).error;
}

const expectContinue = { expect: '100-continue' };

describe('a body over its route’s limit', () => {
  it('is refused with 413 on its announced length, and the connection closed', async () => {
    const answer = await post('/api/databases/test', limits.default + 1);
    expect(answer.statuses).toEqual([413]);
    expect(errorOf(answer)).toEqual(
      expect.objectContaining({
        code: 'PAYLOAD_TOO_LARGE',
        field: 'body',
        message: 'Request body is too large: 1025 bytes announced, over the limit of 1 KB',
      }),
    );
    expect(answer.closed).toBe(true);
  });

  it('asked about with Expect: 100-continue gets 413 and never 100 Continue', async () => {
    for (const [path, limit] of [
      ['/api/databases/test', limits.default],
      ['/api/databases', limits.databases],
      ['/api/conversations', limits.default],
    ] as const) {
      const answer = await post(path, limit + 1, expectContinue);
      expect(answer.statuses, path).toEqual([413]);
      expect(errorOf(answer).code).toBe('PAYLOAD_TOO_LARGE');
    }
  });

  it('is judged by each route’s own limit: databases and uploads take larger bodies', async () => {
    // Over the default limit but within the databases one: told to go on, then the body is read.
    const body = JSON.stringify({ name: 'x'.repeat(limits.default * 2) });
    const databases = await post('/api/databases', Buffer.byteLength(body), expectContinue, body);
    expect(databases.statuses).toEqual([100, 400]);
    expect(errorOf(databases)).toEqual(expect.objectContaining({ code: 'BAD_REQUEST' }));

    const form = [
      '--XX',
      'Content-Disposition: form-data; name="file"; filename="a.csv"',
      '',
      `id\n${'1\n'.repeat(limits.default)}`,
      '--XX--',
      '',
    ].join('\r\n');
    const upload = await post(
      '/api/uploads',
      Buffer.byteLength(form),
      { ...expectContinue, 'content-type': 'multipart/form-data; boundary=XX' },
      form,
    );
    expect(upload.statuses).toEqual([100, 201]);

    const tooLarge = await post('/api/uploads', limits.upload * 8, {
      ...expectContinue,
      'content-type': 'multipart/form-data; boundary=XX',
    });
    expect(tooLarge.statuses).toEqual([413]);
    expect(errorOf(tooLarge).message).toBe('The file is larger than the upload limit of 16 KB');
  });
});

describe('Expect: 100-continue', () => {
  it('is answered 100 only once the checks that need no body pass: nobody gets 401 at once', async () => {
    const anonymous = await post('/api/conversations', 20, {
      ...expectContinue,
      [TEST_USER_HEADER]: 'nobody',
    });
    expect(anonymous.statuses).toEqual([401]);
    const crossSite = await post('/api/conversations', 20, {
      ...expectContinue,
      origin: 'https://evil.example',
    });
    expect(crossSite.statuses).toEqual([403]);
    const body = JSON.stringify({ contextId: 'database-none' });
    const allowed = await post('/api/conversations', Buffer.byteLength(body), expectContinue, body);
    expect(allowed.statuses[0]).toBe(100);
    expect(allowed.statuses[1]).toBeGreaterThanOrEqual(400);
    expect(allowed.statuses[1]).toBeLessThan(500);
  });
});

describe('Socket.IO’s own requests', () => {
  it('are told to go on at once and answered by Socket.IO', async () => {
    const answer = await sendHead(
      running.port,
      {
        method: 'POST',
        path: '/socket.io/?EIO=4&transport=polling&sid=no-such-session',
        headers: { 'content-type': 'text/plain', 'content-length': '2', ...expectContinue },
      },
      { bodyAfterContinue: '1:' },
    );
    expect(answer.statuses).toEqual([100, 400]);
    expect(answer.body).toContain('Session ID unknown');
  });
});
