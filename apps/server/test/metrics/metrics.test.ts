import type { StatusEvent } from '@querent/contracts';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/api-client.ts';
import { apiClient } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';
import { addDatabase, startConversation } from '../helpers/factories.ts';
import type { PromSample } from '../helpers/prometheus-text.ts';
import { parsePrometheusText, sampleValue } from '../helpers/prometheus-text.ts';
import type { ScriptEntry } from '../helpers/scripted-model.ts';
import { scriptFedModel } from '../helpers/scripted-model.ts';
import { checkRedis, serviceGate, TEST_REDIS_URL } from '../helpers/services.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

/*
 * Prometheus metrics as an operator scrapes them: a real server with the Redis adapter, real SQL
 * on a SQLite database, real turns over Socket.IO with a scripted model, then GET /metrics read
 * back sample by sample.
 */
const gate = serviceGate('Metrics with Redis', await checkRedis());
if (gate.failInCi) {
  describe('Metrics with Redis', () => {
    it('needs a reachable Redis under CI=true', () => {
      expect.fail('Redis is unreachable and CI=true: this suite cannot be skipped in CI');
    });
  });
}

const token = 'scrape-token-0123456789';

describe.skipIf(!gate.run)('GET /metrics', () => {
  let sqlite: { filename: string; remove: () => Promise<void> };
  let running: RunningApp;
  let api: ApiClient;
  let databaseId: string;
  let modelId: string;
  let script: ScriptEntry[] = [];

  beforeAll(async () => {
    sqlite = await chinookSqliteCopy();
    const model = scriptFedModel(() => script.shift());
    modelId = model.modelId;
    running = await startTestApp(
      { METRICS_ENABLED: 'true', METRICS_TOKEN: token, REDIS_URL: TEST_REDIS_URL },
      { languageModel: model },
    );
    api = apiClient(running.baseUrl);
    databaseId = (
      await addDatabase(api, {
        name: 'Chinook',
        engine: 'sqlite',
        details: { filename: sqlite.filename },
      })
    ).id;
  });

  afterAll(async () => {
    await running.stop();
    await sqlite.remove();
  });

  async function scrape(): Promise<PromSample[]> {
    const response = await fetch(`${running.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return parsePrometheusText(await response.text());
  }

  async function turn(client: ChatClient, question: string): Promise<StatusEvent> {
    const id = await startConversation(api, `database-${databaseId}`);
    client.socket.emit('ask', id, question);
    return client.waitFor<StatusEvent>(
      'status',
      (event) => event.conversation_id === id && (event.status === 'clear' || event.status === 'error'),
    );
  }

  it('refuses a scrape without the configured token, naming the header, and counts the refusal', async () => {
    for (const authorization of [undefined, 'Bearer wrong', token]) {
      const response = await fetch(`${running.baseUrl}/metrics`, {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({
        error: { code: 'UNAUTHORIZED', message: expect.stringContaining('Authorization: Bearer') as string },
      });
    }
    const samples = await scrape();
    expect(sampleValue(samples, 'querent_errors_total', { code: 'UNAUTHORIZED' })).toBe(3);
    expect(
      sampleValue(samples, 'querent_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/metrics',
        status_code: '401',
      }),
    ).toBe(3);
  });

  it('counts SQL runs by engine and outcome, requests by route template and status, errors by code', async () => {
    const ok = await api.post('/api/query/_run', { databaseId, query: 'SELECT count(*) FROM Artist' });
    expect(ok.status, ok.text).toBe(200);
    const failed = await api.post('/api/query/_run', { databaseId, query: 'SELECT nope FROM Artist' });
    expect(failed.status).toBe(400);
    expect((await api.get(`/api/databases/${databaseId}`)).status).toBe(200);

    const samples = await scrape();
    const sql = (outcome: string) =>
      sampleValue(samples, 'querent_sql_run_duration_seconds_count', { engine: 'sqlite', outcome });
    expect(sql('succeeded')).toBe(1);
    expect(sql('failed')).toBe(1);
    expect(
      sampleValue(samples, 'querent_sql_run_duration_seconds_sum', {
        engine: 'sqlite',
        outcome: 'succeeded',
      }),
    ).toBeGreaterThan(0);
    const requests = (route: string, status: string, method = 'POST') =>
      sampleValue(samples, 'querent_http_request_duration_seconds_count', {
        method,
        route,
        status_code: status,
      });
    expect(requests('/api/query/_run', '200')).toBe(1);
    expect(requests('/api/query/_run', '400')).toBe(1);
    // The template, not the id: one series for every database.
    expect(requests('/api/databases/:id', '200', 'GET')).toBe(1);
    expect(samples.some((sample) => sample.labels.route?.includes(databaseId))).toBe(false);
    expect(sampleValue(samples, 'querent_errors_total', { code: 'BAD_REQUEST' })).toBe(1);
  });

  it('counts turns by outcome, model tokens by model, and open sockets', async () => {
    const client = await connectChat(running.baseUrl);
    try {
      expect(sampleValue(await scrape(), 'querent_sockets_active')).toBe(1);
      script = [
        { calls: [{ name: 'run_sql', input: { query: 'SELECT Name FROM Artist LIMIT 3' } }] },
        { text: 'Three artists.' },
      ];
      expect(await turn(client, 'Name three artists')).toMatchObject({ status: 'clear' });
      script = [{ fail: new Error('The provider is down') }];
      expect(await turn(client, 'Anything')).toMatchObject({ status: 'error' });

      const samples = await scrape();
      expect(sampleValue(samples, 'querent_turns_total', { outcome: 'answered' })).toBe(1);
      expect(sampleValue(samples, 'querent_turns_total', { outcome: 'failed' })).toBe(1);
      // The scripted model reports 10 tokens in and 5 out per call; the answered turn made two calls.
      expect(sampleValue(samples, 'querent_model_tokens_total', { model: modelId, direction: 'input' })).toBe(
        20,
      );
      expect(
        sampleValue(samples, 'querent_model_tokens_total', { model: modelId, direction: 'output' }),
      ).toBe(10);
      expect(
        sampleValue(samples, 'querent_sql_run_duration_seconds_count', {
          engine: 'sqlite',
          outcome: 'succeeded',
        }),
      ).toBe(2);
      expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    } finally {
      client.close();
    }
    const deadline = Date.now() + 5000;
    while (sampleValue(await scrape(), 'querent_sockets_active') !== 0) {
      if (Date.now() > deadline) throw new Error('The closed socket is still counted');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('reports the heap kept alive after the last full collection, below the used heap', async () => {
    // The app runs in this process: a full collection here is the app's.
    setFlagsFromString('--expose-gc');
    const collectGarbage = runInNewContext('gc') as () => void;
    collectGarbage();
    // Collections are reported to observers a moment after they end.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const samples = await scrape();
    const live = sampleValue(samples, 'querent_heap_after_major_gc_bytes');
    expect(live).toBeGreaterThan(1024 * 1024);
    expect(live).toBeLessThanOrEqual(sampleValue(samples, 'nodejs_heap_size_total_bytes'));
  });
});

describe('metrics switched off (the default)', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startTestApp();
  });

  afterAll(async () => {
    await running.stop();
  });

  it('serves no metrics at /metrics', async () => {
    const response = await fetch(`${running.baseUrl}/metrics`);
    // Without a built web app the fallback answers 503; with one, the app's page. Never metrics.
    expect(response.status).not.toBe(200);
    expect(await response.text()).not.toContain('querent_');
  });
});
