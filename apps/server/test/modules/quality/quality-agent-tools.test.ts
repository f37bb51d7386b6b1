import type { EntityDetail, Issue, Message } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient } from '../../helpers/api-client.ts';
import type { ChatClient } from '../../helpers/chat-client.ts';
import { connectChat } from '../../helpers/chat-client.ts';
import { addDemoDatabase } from '../../helpers/factories.ts';
import { askOnce } from '../../helpers/offline-chat.ts';
import { scriptedModel } from '../../helpers/scripted-model.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * A model drives the data-quality tools (a scripted one, through the real loop): it defines an
 * entity, proposes checks that the server validates and tries before saving them as proposed,
 * runs them (which makes them active), reads the computed score and records a problem no check
 * covers. It writes definitions and words; the scores it reads are the server's.
 */

let running: RunningApp;
let api: ApiClient;
let client: ChatClient;
let demoId: string;
const seen: Record<string, unknown>[] = [];

/** The tool results in the request, newest last, as the model reads them. */
function lastToolOutput(options: {
  prompt: readonly { role: string; content: unknown }[];
}): Record<string, unknown> {
  const tool = options.prompt.findLast((message) => message.role === 'tool');
  const parts = (tool?.content ?? []) as { type: string; output?: { type: string; value: unknown } }[];
  const output = parts.at(-1)?.output?.value;
  return (output ?? {}) as Record<string, unknown>;
}

beforeAll(async () => {
  const model = scriptedModel([
    {
      calls: [
        {
          name: 'propose_entity',
          input: {
            name: 'Shopper',
            table: 'customers',
            definition: 'A person with an account on the shop, whether or not they ordered.',
          },
        },
      ],
    },
    (options) => {
      seen.push(lastToolOutput(options));
      return {
        calls: [
          {
            name: 'propose_checks',
            input: {
              entity: 'Shopper',
              checks: [
                { definition: { kind: 'completeness', columns: ['email'] }, severity: 'high' },
                {
                  definition: {
                    kind: 'validity',
                    columns: ['country_code'],
                    params: { accepted_values: ['US', 'GB'] },
                  },
                  warn_percent: 10,
                  fail_percent: 50,
                },
                { definition: { kind: 'completeness', columns: ['phone'] } },
              ],
            },
          },
        ],
      };
    },
    (options) => {
      seen.push(lastToolOutput(options));
      return { calls: [{ name: 'run_checks', input: { entity: 'Shopper' } }] };
    },
    (options) => {
      seen.push(lastToolOutput(options));
      return { calls: [{ name: 'explain_score', input: { entity: 'Shopper' } }] };
    },
    (options) => {
      seen.push(lastToolOutput(options));
      return {
        calls: [
          {
            name: 'open_issue',
            input: {
              title: 'Cities spelled in several ways',
              description: 'Sao Paulo appears with and without its accent.',
              severity: 'low',
              entity: 'Shopper',
            },
          },
        ],
      };
    },
    (options) => {
      seen.push(lastToolOutput(options));
      return { text: 'Shopper is defined and checked; see its score on the control page.' };
    },
  ]);
  running = await startTestApp({}, { languageModel: model });
  api = apiClient(running.baseUrl);
  demoId = await addDemoDatabase(running);
  client = await connectChat(running.baseUrl);
});

afterAll(async () => {
  client.close();
  await running.stop();
});

describe('the analyst’s data-quality tools', () => {
  it('defines an entity, proposes tried checks, runs them and reads the computed score', async () => {
    const asked = await askOnce(api, client, demoId, 'Define the shoppers and check their data');
    expect(asked.steps).toEqual([
      'propose_entity',
      'propose_checks',
      'run_checks',
      'explain_score',
      'open_issue',
    ]);
    const [entity, proposed, ran, explained, opened] = seen;

    expect(entity).toMatchObject({
      created: true,
      name: 'Shopper',
      table: 'customers',
      key: ['customer_id'],
    });
    // Tried before saving: what each would find now; the one on a missing column refused, unsaved.
    expect(proposed?.checks).toEqual([
      expect.objectContaining({
        title: 'email is always filled',
        state: 'proposed',
        dryRun: { status: 'warn', observed: '169 of 5,000 rows (3.38%) have no email' },
      }),
      expect.objectContaining({
        state: 'proposed',
        dryRun: {
          status: 'fail',
          observed: '2,985 of 5,000 rows (59.7%) have a country_code that is not accepted',
        },
      }),
      { kind: 'completeness', error: 'Column phone was not found in customers' },
    ]);
    const shopper = ran?.entities as { name: string; quality_score: number; issues: { title: string }[] }[];
    // completeness: one high check warns (3.38% missing, at most 5% tolerated) → 50; validity: one
    // medium check fails (59.7% outside US and GB, past 50%) → 0 → (50 + 0) / 2 = 25.
    expect(shopper[0]).toMatchObject({ name: 'Shopper', quality_score: 25 });
    expect(shopper[0]?.issues.map((issue) => issue.title).sort()).toEqual([
      'Missing email in customers',
      'Unexpected country_code values in customers',
    ]);
    expect(explained).toMatchObject({
      entity: 'Shopper',
      version: 'quality-v1',
      qualityScore: 25,
      qualityArithmetic: '(Completeness 50 + Validity 0) / 2 = 25',
      coverage: '2 checks, 2 of 6 dimensions',
    });
    expect(opened).toMatchObject({ title: 'Cities spelled in several ways', status: 'open' });

    const entities = (
      await api.get<{ id: string; name: string }[]>(`/api/business-entities?contextId=database-${demoId}`)
    ).body;
    const id = entities.find((item) => item.name === 'Shopper')?.id ?? '';
    const detail = (await api.get<EntityDetail>(`/api/business-entities/${id}`)).body;
    expect(detail.origin).toBe('agent');
    expect(detail.entity.definition).toBe(
      'A person with an account on the shop, whether or not they ordered.',
    );
    expect(detail.entity.review_conversation_id).toBe(asked.messages[0]?.conversationId);
    // Run once, so active; made by the analyst.
    expect(detail.checks.map((check) => [check.origin, check.state])).toEqual([
      ['agent', 'active'],
      ['agent', 'active'],
    ]);
    const issues = (await api.get<Issue[]>(`/api/issues?contextId=database-${demoId}`)).body;
    expect(issues.find((issue) => issue.title === 'Cities spelled in several ways')).toMatchObject({
      origin: 'agent',
      check_id: null,
      business_entity_id: id,
    });
    const last: Message | undefined = asked.messages.at(-1);
    expect(last?.content).toBe('Shopper is defined and checked; see its score on the control page.');
  });
});
