import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type {
  Conversation,
  ConversationSummary,
  Database,
  MetricQueryResult,
  QueryResults,
  SavedQuery,
} from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlRunStart } from '../../../src/modules/sql-runs/sql-run-observer.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient } from '../../helpers/api-client.ts';
import { addDatabase, addDemoDatabase } from '../../helpers/factories.ts';
import { callFailingTool, callTool, connectMcpClient } from '../../helpers/mcp-client.ts';
import type { ScriptEntry } from '../../helpers/scripted-model.ts';
import { lastToolResult, scriptFedModel } from '../../helpers/scripted-model.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';
import { waitUntil } from '../../helpers/wait-until.ts';

/*
 * ask_analyst through the official SDK client against a real server in local mode: the chat's own
 * turn answers (a scripted model chooses the analyst's tools; the loop, tools, store and SQL are
 * the real ones), in a conversation the person then finds in their chat. The Demo shop has a saved
 * semantic model whose order_count is certified, and a verified query.
 */

interface AnsweredQuery {
  tool: string;
  title: string | null;
  sql: string;
  rows: unknown[][];
  rowsShown: number;
  rowCount: number | null;
  truncated: boolean;
  error: string | null;
  standsOn: string;
  standsOnDetail: string;
}

interface Answer {
  answer: string | null;
  outcome: string;
  queries: AnsweredQuery[];
  standsOn: string;
  conversationId: string;
  conversationUrl: string;
  credits: unknown;
  note?: string;
}

const verifiedSql = 'SELECT COUNT(*) AS customers FROM customers';

describe('ask_analyst in local mode', () => {
  let running: RunningApp;
  let api: ApiClient;
  let client: Client;
  let chinook: { filename: string; remove: () => Promise<void> };
  let chinookDb: Database;
  let demoId: string;
  let script: ScriptEntry[] = [];
  const runs: SqlRunStart[] = [];

  beforeAll(async () => {
    chinook = await chinookSqliteCopy();
    running = await startTestApp(
      {},
      {
        languageModel: scriptFedModel(() => script.shift()),
        sqlRunObservers: [{ beforeRun: (run) => void runs.push(run) }],
      },
    );
    api = apiClient(running.baseUrl);
    demoId = await addDemoDatabase(running);
    chinookDb = await addDatabase(api, {
      name: 'Chinook',
      engine: 'sqlite',
      details: { filename: chinook.filename },
    });
    const model = `/api/databases/${demoId}/semantic-model`;
    expect((await api.post(`${model}/proposal`, undefined)).status).toBe(200);
    expect((await api.post(`${model}/proposal/accept`, { version: 0 })).status).toBe(200);
    expect((await api.post(`${model}/metrics/order_count/certification`, undefined)).status).toBe(200);
    const saved = await api.post<SavedQuery>('/api/query', {
      title: 'Customers',
      question: 'How many customers are there?',
      sql: verifiedSql,
      databaseId: demoId,
      verified: true,
    });
    expect(saved.status, saved.text).toBe(201);
    client = await connectMcpClient(running.baseUrl);
  });

  afterAll(async () => {
    await client.close();
    await running.stop();
    await chinook.remove();
  });

  it('answers with its words, the SQL it ran, bounded rows and what each result stands on', async () => {
    let metricEmbed = '';
    script = [
      { calls: [{ name: 'query_metrics', input: { query: { metrics: ['order_count'] }, title: 'Orders' } }] },
      (options) => {
        metricEmbed = String((lastToolResult(options)?.output as { embed?: string }).embed);
        return { calls: [{ name: 'run_sql', input: { query: verifiedSql } }] };
      },
      { calls: [{ name: 'run_sql', input: { query: 'SELECT * FROM order_lines' } }] },
      () => ({ text: `There are this many orders:\n\n${metricEmbed}\n\nAnd a verified customer count.` }),
    ];
    const question = 'How many orders and customers are there?';
    const answered = await callTool<Answer>(client, 'ask_analyst', { databaseId: demoId, question });

    // The rows are those the API answers for the same metric query.
    const rest = await api.post<MetricQueryResult>(`/api/databases/${demoId}/metrics/query`, {
      metrics: ['order_count'],
    });
    expect(answered.queries).toHaveLength(3);
    const [metric, verified, free] = answered.queries;
    expect(metric).toMatchObject({
      tool: 'query_metrics',
      title: 'Orders',
      sql: rest.body.sql,
      rows: rest.body.rows,
      standsOn: 'certified_metric',
      error: null,
    });
    expect(metric?.standsOnDetail).toContain('the certified metric order_count');
    expect(verified).toMatchObject({ tool: 'run_sql', sql: verifiedSql, standsOn: 'verified_query' });
    expect(verified?.standsOnDetail).toContain('"Customers"');
    // A large result is bounded and says so; the analyst's own SQL stands on nothing vouched for.
    const items = await api.post<QueryResults>('/api/query/_run', {
      databaseId: demoId,
      query: 'SELECT COUNT(*) FROM order_lines',
    });
    expect(free).toMatchObject({ standsOn: 'free_sql', truncated: true, rowCount: items.body.rows[0]?.[0] });
    expect(free?.rowsShown).toBeLessThanOrEqual(50);
    expect(free?.rows).toHaveLength(free?.rowsShown ?? -1);
    expect(answered.standsOn).toContain('the certified metric order_count');
    expect(answered.standsOn).toContain('the verified query "Customers"');
    expect(answered.standsOn).toContain('SQL the analyst wrote');
    // The embedded result names its entry of `queries`.
    expect(answered.answer).toBe(
      'There are this many orders:\n\n[result: queries[0]]\n\nAnd a verified customer count.',
    );
    expect(answered.outcome).toBe('answered');
    expect(answered.credits).toBeNull();

    // The conversation is the person's, in their chat list, named after the question.
    expect(answered.conversationUrl).toBe(`${running.baseUrl}/chat/${answered.conversationId}`);
    const listed = await api.get<ConversationSummary[]>(`/api/conversations?contextId=database-${demoId}`);
    expect(listed.body.find((each) => each.id === answered.conversationId)).toMatchObject({
      name: question,
      status: 'clear',
      abilities: expect.objectContaining({ edit: true, delete: true }) as unknown,
    });
    const stored = await api.get<Conversation>(`/api/conversations/${answered.conversationId}`);
    expect(stored.body.messages[0]).toMatchObject({ role: 'user', content: question });
    expect(stored.body.messages.filter((message) => message.query !== null)).toHaveLength(3);
    // The analyst's queries are its turn's (purpose agent), as in the chat.
    const analystRuns = runs.filter((run) => run.sql === verifiedSql);
    expect(analystRuns.map((run) => [run.purpose, run.readOnly])).toEqual([['agent', true]]);
  });

  it('refuses a write the analyst tries, without waiting for a confirmation, and changes nothing', async () => {
    script = [
      { calls: [{ name: 'run_sql', input: { query: 'DELETE FROM Genre' } }] },
      (options) => ({ text: `Refused: ${JSON.stringify(lastToolResult(options)?.output)}` }),
    ];
    const answered = await callTool<Answer>(client, 'ask_analyst', {
      databaseId: chinookDb.id,
      question: 'Delete every genre',
    });
    expect(answered.queries.map((query) => query.sql)).toEqual(['DELETE FROM Genre']);
    expect(answered.queries[0]?.error).toMatch(/read-only/);
    expect(answered.answer).toContain('read-only');
    const genres = await api.post<QueryResults>('/api/query/_run', {
      databaseId: chinookDb.id,
      query: 'SELECT COUNT(*) AS n FROM Genre',
    });
    expect(genres.body.rows).toEqual([[25]]);
  });

  it('asks about a project, whose conversation is the project’s', async () => {
    const project = await api.post<{ id: string }>('/api/projects', {
      name: 'Music',
      databaseId: chinookDb.id,
      tables: [{ schema: 'main', table: 'Genre' }],
    });
    expect(project.status, project.text).toBe(201);
    script = [
      { calls: [{ name: 'run_sql', input: { query: 'SELECT COUNT(*) AS n FROM Genre' } }] },
      { text: 'There are 25 genres.' },
    ];
    const answered = await callTool<Answer>(client, 'ask_analyst', {
      projectId: project.body.id,
      question: 'How many genres?',
    });
    expect(answered.answer).toBe('There are 25 genres.');
    expect(answered.queries[0]?.rows).toEqual([[25]]);
    const listed = await api.get<ConversationSummary[]>(
      `/api/conversations?contextId=project-${project.body.id}`,
    );
    expect(listed.body.map((each) => each.id)).toContain(answered.conversationId);
  });

  it('tells a client that asks for progress each step of the turn as it happens, then answers', async () => {
    script = [
      { calls: [{ name: 'run_sql', input: { query: 'SELECT COUNT(*) AS n FROM Genre' } }] },
      { text: 'There are 25 genres.' },
    ];
    const steps: { progress: number; message?: string }[] = [];
    const result = (await client.callTool(
      {
        name: 'ask_analyst',
        arguments: { databaseId: chinookDb.id, question: 'How many genres, step by step?' },
      },
      undefined,
      { onprogress: (notification) => steps.push(notification) },
    )) as { structuredContent?: Answer };
    expect(result.structuredContent?.answer).toBe('There are 25 genres.');
    expect(steps.map((step) => step.progress)).toEqual(steps.map((_step, index) => index + 1));
    expect(steps.map((step) => step.message)).toEqual(
      expect.arrayContaining(['Calling run_sql', 'Writing the answer']),
    );

    // The steps come while the turn runs, not with the answer: here it never ends by itself.
    script = [
      { calls: [{ name: 'run_sql', input: { query: 'SELECT COUNT(*) AS n FROM Genre' } }] },
      { hang: true, text: 'Still thinking' },
    ];
    const early: string[] = [];
    const leaving = await connectMcpClient(running.baseUrl);
    const call = leaving.callTool(
      { name: 'ask_analyst', arguments: { databaseId: chinookDb.id, question: 'How many genres, slowly?' } },
      undefined,
      { onprogress: (notification) => early.push(notification.message ?? '') },
    );
    await waitUntil(() => Promise.resolve(early.includes('Calling run_sql')), 'a step told mid-turn');
    await leaving.close();
    await expect(call).rejects.toThrow();

    // Without a progress token the answer is plain JSON, as before.
    const plain = await fetch(`${running.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
    });
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('stops the turn when the client goes away, as the chat’s stop button does', async () => {
    script = [{ hang: true, text: 'Counting' }];
    const question = 'Count the tracks, slowly';
    const contextList = `/api/conversations?contextId=database-${chinookDb.id}`;
    const statusOf = async () =>
      (await api.get<ConversationSummary[]>(contextList)).body.find((each) => each.name === question)?.status;
    // A client of its own, closed mid-call: its connection goes, as when a client quits.
    const leaving = await connectMcpClient(running.baseUrl);
    const call = leaving.callTool({ name: 'ask_analyst', arguments: { databaseId: chinookDb.id, question } });
    await waitUntil(async () => (await statusOf()) === 'running', 'the turn to run');
    await leaving.close();
    await expect(call).rejects.toThrow();
    await waitUntil(async () => (await statusOf()) === 'clear', 'the turn to stop');
  });

  it('answers a failed turn and bad arguments as tool errors a model can act on', async () => {
    script = [{ fail: new Error('the provider is down') }];
    const failed = await callFailingTool(client, 'ask_analyst', {
      databaseId: chinookDb.id,
      question: 'How many tracks?',
    });
    expect(failed.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(failed.error?.error).toContain('/chat/');
    const both = await callFailingTool(client, 'ask_analyst', {
      databaseId: chinookDb.id,
      projectId: 'p',
      question: 'How many tracks?',
    });
    expect(both.error).toMatchObject({ code: 'BAD_REQUEST', field: 'projectId' });
    const neither = await callFailingTool(client, 'ask_analyst', { question: 'How many tracks?' });
    expect(neither.error).toMatchObject({ code: 'BAD_REQUEST', field: 'databaseId' });
    const unknown = await callFailingTool(client, 'ask_analyst', {
      databaseId: 'no-such-database',
      question: 'How many tracks?',
    });
    expect(unknown.error).toMatchObject({ code: 'NOT_FOUND' });
    const empty = await callFailingTool(client, 'ask_analyst', { databaseId: chinookDb.id, question: ' ' });
    expect(empty.text).toContain('question');
  });
});
