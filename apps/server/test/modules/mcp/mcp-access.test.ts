import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Database, QueryResults, SavedQuery } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/store/values.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient, TEST_USER_HEADER } from '../../helpers/api-client.ts';
import { addDatabase, seedAcmePeople } from '../../helpers/factories.ts';
import { callFailingTool, callTool, connectMcpClient } from '../../helpers/mcp-client.ts';
import { insertEntity, insertIssue } from '../../helpers/seed-quality.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * The MCP tools answer each person what the REST API answers them, through the same policy: Ann
 * owns a Chinook copy in Acme (shared with her organisation, as every database starts) and a
 * verified query she shared; Ben is her colleague; Eve belongs to no organisation. The server
 * resolves each person from the suites' test-user header through the app's one resolver, for
 * /mcp as for the REST routes.
 */

describe('the MCP tools under the access policy', () => {
  let running: RunningApp;
  let api: ApiClient;
  let chinook: { filename: string; remove: () => Promise<void> };
  let database: Database;
  let query: SavedQuery;
  const people = { ann: newId(), ben: newId(), eve: newId() };
  const clients: Client[] = [];
  const clientOf = async (user: string) => {
    const client = await connectMcpClient(running.baseUrl, { [TEST_USER_HEADER]: user });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    chinook = await chinookSqliteCopy();
    running = await startTestApp({}, { testUserHeader: TEST_USER_HEADER });
    api = apiClient(running.baseUrl);
    await seedAcmePeople(running.built.store.db, people);
    database = await addDatabase(
      api,
      { name: 'Chinook', engine: 'sqlite', details: { filename: chinook.filename } },
      { user: people.ann },
    );
    const saved = await api.post<SavedQuery>(
      '/api/query',
      {
        title: 'Genres',
        sql: 'SELECT Name FROM Genre ORDER BY Name',
        databaseId: database.id,
        verified: true,
      },
      { user: people.ann },
    );
    expect(saved.status, saved.text).toBe(201);
    query = saved.body;
    // Queries are private until shared; Ann shares this one with Acme.
    const shared = await api.put(`/api/sharing/query/${query.id}`, { shared: true }, { user: people.ann });
    expect(shared.status, shared.text).toBe(200);
    const entity = await insertEntity(running.built.store.db, database.id, {
      name: 'Invoice',
      tableRef: 'Invoice',
    });
    await insertIssue(running.built.store.db, database.id, {
      title: 'Invoices without a billing address',
      entityId: entity,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
  });

  afterAll(async () => {
    for (const client of clients) await client.close();
    await running.stop();
    await chinook.remove();
  });

  it('lists to each person the databases the REST API lists them', async () => {
    for (const user of Object.values(people)) {
      const client = await clientOf(user);
      const listed = await callTool<{ databases: { id: string }[] }>(client, 'list_databases', {});
      const rest = await api.get<Database[]>('/api/databases', { user });
      expect(listed.databases.map((each) => each.id).sort(), user).toEqual(
        rest.body.map((each) => each.id).sort(),
      );
    }
  });

  it("hides Ann's database, its model, queries, entities and issues from Eve through every tool", async () => {
    const eve = await clientOf(people.eve);
    const listed = await callTool<{ databases: { id: string }[] }>(eve, 'list_databases', {});
    expect(listed.databases.map((each) => each.id)).not.toContain(database.id);
    const databaseId = database.id;
    const calls: [string, Record<string, unknown>][] = [
      ['search_schema', { databaseId, query: 'invoice' }],
      ['describe_table', { databaseId, table: 'Invoice' }],
      ['list_metrics', { databaseId }],
      ['query_metrics', { databaseId, query: { metrics: ['invoice_count'] } }],
      ['run_sql', { databaseId, sql: 'SELECT COUNT(*) FROM Invoice' }],
      ['list_issues', { databaseId }],
      ['list_entities', { databaseId }],
      ['run_saved_query', { queryId: query.id }],
    ];
    for (const [name, args] of calls) {
      const refused = await callFailingTool(eve, name, args);
      expect(refused.error?.code, name).toBe('NOT_FOUND');
    }
    const saved = await callTool<{ queries: unknown[] }>(eve, 'list_saved_queries', {});
    expect(saved.queries).toEqual([]);
  });

  it("shows Ben his colleague's shared objects, and runs her query read-only with the REST rows", async () => {
    const ben = await clientOf(people.ben);
    const saved = await callTool<{ queries: { id: string; verified: boolean; sharedWithYou: boolean }[] }>(
      ben,
      'list_saved_queries',
      { databaseId: database.id },
    );
    expect(saved.queries).toEqual([
      expect.objectContaining({ id: query.id, verified: true, sharedWithYou: true }),
    ]);
    const rest = await api.post<QueryResults>(`/api/query/${query.id}/run`, undefined, { user: people.ben });
    expect(rest.status, rest.text).toBe(200);
    const ran = await callTool<{ rows: unknown[][] }>(ben, 'run_saved_query', { queryId: query.id });
    expect(ran.rows).toEqual(rest.body.rows);
    const issues = await callTool<{ issues: { title: string }[] }>(ben, 'list_issues', {
      databaseId: database.id,
    });
    expect(issues.issues.map((issue) => issue.title)).toEqual(['Invoices without a billing address']);
  });
});
