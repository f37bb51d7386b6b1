import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Database, FigureStanding, MetricQueryResult, SemanticModelState } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient } from '../../helpers/api-client.ts';
import { connectChat } from '../../helpers/chat-client.ts';
import { addDatabase } from '../../helpers/factories.ts';
import { callTool, connectMcpClient } from '../../helpers/mcp-client.ts';
import { askOnce } from '../../helpers/offline-chat.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * One model, read the same way by the chat, the API and MCP: on a Chinook nobody has modelled
 * yet, the three give the invoice total from a model proposed from the schema; then from the
 * pending proposal; then from the saved model with the metric certified, each saying so
 * (`modelSource`, `standsOn`) from the same reading.
 */

let running: RunningApp;
let api: ApiClient;
let mcp: Client;
let chinook: Awaited<ReturnType<typeof chinookSqliteCopy>>;
let database: Database;

beforeAll(async () => {
  chinook = await chinookSqliteCopy();
  running = await startTestApp();
  api = apiClient(running.baseUrl);
  database = await addDatabase(api, {
    name: 'Chinook',
    engine: 'sqlite',
    details: { filename: chinook.filename },
  });
  mcp = await connectMcpClient(running.baseUrl);
});

afterAll(async () => {
  await mcp.close();
  await running.stop();
  await chinook.remove();
});

interface ToolAnswer {
  rows: unknown[][];
  modelSource: string;
  standsOn: FigureStanding[];
  summary: string;
}

const query = { metrics: ['invoice_total'] };

/** The invoice total through the API and MCP, which must agree on everything they say of it. */
async function askApiAndMcp(): Promise<MetricQueryResult> {
  const rest = await api.post<MetricQueryResult>(`/api/databases/${database.id}/metrics/query`, query);
  expect(rest.status, rest.text).toBe(200);
  const tool = await callTool<ToolAnswer>(mcp, 'query_metrics', { databaseId: database.id, query });
  expect(tool.rows).toEqual(rest.body.rows);
  expect(tool.modelSource).toBe(rest.body.modelSource);
  expect(tool.standsOn).toEqual(rest.body.standsOn);
  expect(Math.round(Number(rest.body.rows[0]?.[0]) * 100) / 100).toBe(2328.6);
  return rest.body;
}

async function askChat(): Promise<string> {
  const chat = await connectChat(running.baseUrl);
  try {
    const asked = await askOnce(api, chat, database.id, 'What is the invoice total?');
    expect(asked.steps).toContain('query_metrics');
    expect(asked.answer).toContain('2,328.6');
    return asked.answer;
  } finally {
    chat.close();
  }
}

describe('the invoice total of a Chinook', () => {
  const path = () => `/api/databases/${database.id}/semantic-model`;

  it('comes from a model proposed from the schema while nobody has modelled the database', async () => {
    expect((await api.get<SemanticModelState>(path())).body).toMatchObject({ model: null, proposal: null });
    const answered = await askApiAndMcp();
    expect(answered.modelSource).toBe('schema');
    expect(answered.standsOn).toEqual([
      { kind: 'metric', name: 'invoice_total', label: 'Invoice total', certified: null },
    ]);
    const listed = await callTool<{ source: string }>(mcp, 'list_metrics', { databaseId: database.id });
    expect(listed.source).toBe('schema');
    expect(await askChat()).toMatch(/not yet certified/);
    // Reading never stores: the database still has no model.
    expect((await api.get<SemanticModelState>(path())).body).toMatchObject({ model: null, proposal: null });
  });

  it('comes from the pending proposal once one is made', async () => {
    expect((await api.post(`${path()}/proposal`, undefined)).status).toBe(200);
    const answered = await askApiAndMcp();
    expect(answered.modelSource).toBe('proposal');
    const listed = await callTool<{ source: string }>(mcp, 'list_metrics', { databaseId: database.id });
    expect(listed.source).toBe('proposal');
  });

  it('stands on the certified metric, who certified it and when, once saved and certified', async () => {
    expect((await api.post(`${path()}/proposal/accept`, { version: 0 })).status).toBe(200);
    const certified = await api.post<SemanticModelState>(
      `${path()}/metrics/invoice_total/certification`,
      undefined,
    );
    expect(certified.status, certified.text).toBe(200);
    const certification = certified.body.model?.metrics.find(
      (metric) => metric.name === 'invoice_total',
    )?.certified;
    expect(certification?.by).toBeTruthy();
    expect(Date.parse(certification?.at ?? '')).not.toBeNaN();
    const answered = await askApiAndMcp();
    expect(answered.modelSource).toBe('saved');
    expect(answered.standsOn).toEqual([
      { kind: 'metric', name: 'invoice_total', label: 'Invoice total', certified: certification },
    ]);
    const tool = await callTool<ToolAnswer>(mcp, 'query_metrics', { databaseId: database.id, query });
    expect(tool.summary).toContain(`the certified metric invoice_total (certified by ${certification?.by}`);
    expect(await askChat()).toContain(`certified by ${certification?.by}`);
  });
});
