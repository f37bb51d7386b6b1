import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type {
  BusinessEntity,
  Database,
  Issue,
  MetricQueryResult,
  QueryResults,
  SavedQuery,
  SchemaInfo,
  SemanticModelState,
} from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlRunStart } from '../../../src/modules/sql-runs/sql-run-observer.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient } from '../../helpers/api-client.ts';
import { addDatabase, addDemoDatabase } from '../../helpers/factories.ts';
import { callFailingTool, callTool, connectMcpClient } from '../../helpers/mcp-client.ts';
import { insertEntity, insertIssue } from '../../helpers/seed-quality.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * Every tool of the MCP server through the official SDK's client, against a real server in local
 * mode (the local administrator) on the generated Demo shop and a Chinook SQLite copy. Each
 * answer is compared with what the REST API answers for the same question, so the tools are the
 * same use cases and policy, not a second copy of them.
 */

interface Rows {
  columns: { name: string; type: string }[];
  rows: unknown[][];
  rowsShown: number;
  rowCount: number | null;
  truncated: boolean;
  note?: string;
}

describe('the MCP tools, through the official client', () => {
  let running: RunningApp;
  let api: ApiClient;
  let client: Client;
  let chinook: { filename: string; remove: () => Promise<void> };
  let chinookDb: Database;
  let demoId: string;
  const runs: SqlRunStart[] = [];

  beforeAll(async () => {
    chinook = await chinookSqliteCopy();
    running = await startTestApp({}, { sqlRunObservers: [{ beforeRun: (run) => void runs.push(run) }] });
    api = apiClient(running.baseUrl);
    demoId = await addDemoDatabase(running);
    chinookDb = await addDatabase(api, {
      name: 'Chinook',
      engine: 'sqlite',
      details: { filename: chinook.filename },
    });
    client = await connectMcpClient(running.baseUrl);
  });

  afterAll(async () => {
    await client.close();
    await running.stop();
    await chinook.remove();
  });

  it('lists the databases and projects the administrator may use, as the REST API does', async () => {
    const project = await api.post<{ id: string }>('/api/projects', {
      name: 'Sales',
      description: 'Invoices',
      databaseId: chinookDb.id,
      tables: [{ schema: 'main', table: 'Invoice' }],
    });
    expect(project.status, project.text).toBe(201);
    const listed = await callTool<{
      databases: { id: string; name: string; engine: string; safeMode: boolean }[];
      projects: { id: string; databaseId: string; tables: string[] }[];
    }>(client, 'list_databases', {});
    const rest = (await api.get<Database[]>('/api/databases')).body;
    expect(listed.databases.map((database) => database.id).sort()).toEqual(rest.map((d) => d.id).sort());
    expect(listed.databases.find((database) => database.id === chinookDb.id)).toEqual({
      id: chinookDb.id,
      name: 'Chinook',
      engine: 'sqlite',
      safeMode: chinookDb.safe_mode,
    });
    expect(listed.projects).toEqual([
      expect.objectContaining({ id: project.body.id, databaseId: chinookDb.id, tables: ['main.Invoice'] }),
    ]);
  });

  it('searches the schema and describes a table from the database module schema', async () => {
    const found = await callTool<{ tables: { table: string }[]; totalTables: number }>(
      client,
      'search_schema',
      {
        databaseId: chinookDb.id,
        query: 'invoice billing',
      },
    );
    const schema = await api.get<SchemaInfo>(`/api/databases/${chinookDb.id}/schema`);
    expect(found.totalTables).toBe(schema.body.schemas.flatMap((each) => each.tables).length);
    expect(found.tables.map((table) => table.table)).toContain('Invoice');

    const described = await callTool<{
      table: string;
      primaryKey: string[];
      columns: { name: string; type: string }[];
      columnCount: number;
    }>(client, 'describe_table', { databaseId: chinookDb.id, table: 'Invoice' });
    expect(described.table).toBe('Invoice');
    expect(described.primaryKey).toEqual(['InvoiceId']);
    expect(described.columns.map((column) => column.name)).toContain('Total');
    expect(described.columns).toHaveLength(described.columnCount);
    expect(described).toMatchObject({ businessEntity: null });

    const unknown = await callFailingTool(client, 'describe_table', {
      databaseId: chinookDb.id,
      table: 'Invoise',
    });
    expect(unknown.error).toMatchObject({ code: 'NOT_FOUND', field: 'table' });
    expect(unknown.error?.error).toContain('Invoice');
  });

  it('runs read-only SQL with the same numbers as POST /api/query/_run, and records it in the history', async () => {
    const sql =
      'SELECT BillingCountry, COUNT(*) AS invoices, ROUND(SUM(Total), 2) AS total FROM Invoice GROUP BY BillingCountry ORDER BY total DESC, BillingCountry';
    const rest = await api.post<QueryResults>('/api/query/_run', { databaseId: chinookDb.id, query: sql });
    expect(rest.status, rest.text).toBe(200);
    const answered = await callTool<Rows & { queryId: string }>(client, 'run_sql', {
      databaseId: chinookDb.id,
      sql,
    });
    expect(answered.rows).toEqual(rest.body.rows);
    expect(answered.columns).toEqual(rest.body.columns);
    expect(answered).toMatchObject({
      rowCount: rest.body.count,
      truncated: false,
      rowsShown: rest.body.rows.length,
    });
    const history = await api.get<{ id: string; sql: string }[]>(
      `/api/query-history?databaseId=${chinookDb.id}`,
    );
    expect(history.body.map((run) => run.id)).toContain(answered.queryId);
    // The same SQL ran twice: once for the editor's route, once for the MCP tool, read-only.
    expect(runs.filter((run) => run.sql === sql).map((run) => [run.purpose, run.readOnly])).toEqual([
      ['editor', false],
      ['mcp', true],
    ]);
  });

  it("lists a column's values through the analyst's lookup, counted as the database counts them", async () => {
    const before = runs.length;
    const listed = await callTool<{
      table: string;
      column: string;
      distinctValues: number;
      mostFrequent: [unknown, number][];
    }>(client, 'column_values', {
      databaseId: chinookDb.id,
      table: 'invoice',
      column: 'billingcountry',
      limit: 3,
    });
    const rest = await api.post<QueryResults>('/api/query/_run', {
      databaseId: chinookDb.id,
      query:
        'SELECT BillingCountry, COUNT(*) AS n FROM Invoice GROUP BY BillingCountry ORDER BY n DESC, BillingCountry LIMIT 3',
    });
    const distinct = await api.post<QueryResults>('/api/query/_run', {
      databaseId: chinookDb.id,
      query: 'SELECT COUNT(DISTINCT BillingCountry) FROM Invoice',
    });
    expect(listed).toMatchObject({ table: 'Invoice', column: 'BillingCountry' });
    expect(listed.mostFrequent).toEqual(rest.body.rows);
    expect(listed.distinctValues).toBe(distinct.body.rows[0]?.[0]);
    // One bounded read-only lookup, as purpose mcp, kept in no history.
    const lookups = runs.slice(before).filter((run) => run.purpose === 'mcp');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.readOnly).toBe(true);
    const history = await api.get<{ sql: string }[]>(`/api/query-history?databaseId=${chinookDb.id}`);
    expect(history.body.map((run) => run.sql)).not.toContain(lookups[0]?.sql);

    const searched = await callTool<{ matches: { value: unknown; match: string }[]; hint: string }>(
      client,
      'column_values',
      { databaseId: chinookDb.id, table: 'Invoice', column: 'BillingCountry', search: 'germani' },
    );
    expect(searched.matches[0]?.value).toBe('Germany');
    expect(searched.hint).toContain("'Germany'");
    const wrongColumn = await callFailingTool(client, 'column_values', {
      databaseId: chinookDb.id,
      table: 'Invoice',
      column: 'BilingCountry',
    });
    expect(wrongColumn.error).toMatchObject({ code: 'NOT_FOUND', field: 'column' });
    expect(wrongColumn.error?.error).toContain('BillingCountry');
    const wrongTable = await callFailingTool(client, 'column_values', {
      databaseId: chinookDb.id,
      table: 'Invoise',
      column: 'Total',
    });
    expect(wrongTable.error).toMatchObject({ code: 'NOT_FOUND', field: 'table' });
  });

  it('bounds a large result and says so', async () => {
    const answered = await callTool<Rows>(client, 'run_sql', {
      databaseId: chinookDb.id,
      sql: 'SELECT * FROM Track',
    });
    const counted = await api.post<QueryResults>('/api/query/_run', {
      databaseId: chinookDb.id,
      query: 'SELECT COUNT(*) AS n FROM Track',
    });
    expect(answered.rowCount).toBe(counted.body.rows[0]?.[0]);
    expect(answered.truncated).toBe(true);
    expect(answered.rowsShown).toBe(answered.rows.length);
    expect(answered.rowsShown).toBeLessThan(answered.rowCount ?? 0);
    expect(answered.note).toContain(`Showing the first ${answered.rowsShown} of ${answered.rowCount} rows`);
  });

  it('refuses a write, which the database itself rejects, and leaves the data as it was', async () => {
    const before = await api.post<QueryResults>('/api/query/_run', {
      databaseId: chinookDb.id,
      query: 'SELECT COUNT(*) AS n FROM Genre',
    });
    const refused = await callFailingTool(client, 'run_sql', {
      databaseId: chinookDb.id,
      sql: 'DELETE FROM Genre',
    });
    expect(refused.error?.code).toBe('BAD_REQUEST');
    expect(refused.error?.error.toLowerCase()).toMatch(/read.?only/);
    const after = await api.post<QueryResults>('/api/query/_run', {
      databaseId: chinookDb.id,
      query: 'SELECT COUNT(*) AS n FROM Genre',
    });
    expect(after.body.rows).toEqual(before.body.rows);
  });

  it('answers a bad argument as a tool error naming the field', async () => {
    const missing = await callFailingTool(client, 'run_sql', { databaseId: chinookDb.id });
    expect(missing.text).toContain('sql');
    const wrongType = await callFailingTool(client, 'search_schema', {
      databaseId: chinookDb.id,
      query: 'x',
      limit: 'ten',
    });
    expect(wrongType.text).toContain('limit');
    const unknownDatabase = await callFailingTool(client, 'run_sql', {
      databaseId: 'no-such-database',
      sql: 'SELECT 1',
    });
    expect(unknownDatabase.error).toMatchObject({ code: 'NOT_FOUND' });
    expect(unknownDatabase.error?.hint).toContain('list_databases');
  });

  it('lists saved queries, verified ones marked first, and runs one with the REST numbers', async () => {
    const sql =
      'SELECT g.Name AS genre, COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.Name ORDER BY tracks DESC, genre';
    const plain = await api.post<SavedQuery>('/api/query', {
      title: 'Albums',
      sql: 'SELECT COUNT(*) AS albums FROM Album',
      databaseId: chinookDb.id,
    });
    const verified = await api.post<SavedQuery>('/api/query', {
      title: 'Tracks per genre',
      question: 'How many tracks does each genre have?',
      sql,
      databaseId: chinookDb.id,
      verified: true,
    });
    expect(verified.status, verified.text).toBe(201);
    const listed = await callTool<{ queries: { id: string; verified: boolean; sharedWithYou: boolean }[] }>(
      client,
      'list_saved_queries',
      { databaseId: chinookDb.id },
    );
    expect(listed.queries.map((query) => [query.id, query.verified])).toEqual([
      [verified.body.id, true],
      [plain.body.id, false],
    ]);
    const verifiedOnly = await callTool<{ queries: { id: string }[] }>(client, 'list_saved_queries', {
      databaseId: chinookDb.id,
      verifiedOnly: true,
    });
    expect(verifiedOnly.queries.map((query) => query.id)).toEqual([verified.body.id]);

    const rest = await api.post<QueryResults>(`/api/query/${verified.body.id}/run`, undefined);
    expect(rest.status, rest.text).toBe(200);
    const before = runs.length;
    const ran = await callTool<Rows & { verified: boolean; summary: string }>(client, 'run_saved_query', {
      queryId: verified.body.id,
    });
    expect(runs.slice(before).map((run) => [run.purpose, run.readOnly])).toEqual([['mcp', true]]);
    expect(ran.rows).toEqual(rest.body.rows);
    expect(ran.verified).toBe(true);
    expect(ran.summary).toContain('verified query "Tracks per genre"');
    const unverified = await callTool<{ verified: boolean; summary: string }>(client, 'run_saved_query', {
      queryId: plain.body.id,
    });
    expect(unverified.verified).toBe(false);
    expect(unverified.summary).toContain('nobody has verified');
  });

  it('runs a saved write read-only', async () => {
    const write = await api.post<SavedQuery>('/api/query', {
      title: 'Clean genres',
      sql: 'DELETE FROM Genre',
      databaseId: chinookDb.id,
    });
    expect(write.status, write.text).toBe(201);
    const refused = await callFailingTool(client, 'run_saved_query', { queryId: write.body.id });
    expect(refused.error?.error.toLowerCase()).toMatch(/read.?only/);
    const genres = await api.post<QueryResults>('/api/query/_run', {
      databaseId: chinookDb.id,
      query: 'SELECT COUNT(*) AS n FROM Genre',
    });
    expect(genres.body.rows[0]?.[0]).toBeGreaterThan(0);
  });

  it('lists and queries metrics on the Demo shop, saying when a number stands on a certified metric', async () => {
    const before = await callTool<{ source: string; note: string }>(client, 'list_metrics', {
      databaseId: demoId,
    });
    // Nothing saved or proposed yet: the model the chat and the API read is proposed from the schema.
    expect(before.source).toBe('schema');
    expect(before.note).toContain('nobody has reviewed it');
    const early = { metrics: ['order_count'] };
    const earlyRest = await api.post<MetricQueryResult>(`/api/databases/${demoId}/metrics/query`, early);
    expect(earlyRest.status, earlyRest.text).toBe(200);
    expect(earlyRest.body.modelSource).toBe('schema');
    const earlyTool = await callTool<Rows & { modelSource: string; summary: string }>(
      client,
      'query_metrics',
      {
        databaseId: demoId,
        query: early,
      },
    );
    expect(earlyTool.rows).toEqual(earlyRest.body.rows);
    expect(earlyTool.modelSource).toBe('schema');
    expect(earlyTool.summary).toContain('proposed from the schema');
    const model = `/api/databases/${demoId}/semantic-model`;
    expect((await api.post(`${model}/proposal`, undefined)).status).toBe(200);
    const accepted = await api.post(`${model}/proposal/accept`, { version: 0 });
    expect(accepted.status, accepted.text).toBe(200);
    const certified = await api.post(`${model}/metrics/order_count/certification`, undefined);
    expect(certified.status, certified.text).toBe(200);

    const listed = await callTool<{ source: string; metrics: { name: string; certified: unknown }[] }>(
      client,
      'list_metrics',
      { databaseId: demoId },
    );
    const saved = (await api.get<SemanticModelState>(model)).body.model;
    const metricOf = (name: string) => saved?.metrics.find((metric) => metric.name === name);
    expect(metricOf('order_count')?.certified).not.toBeNull();
    expect(listed.source).toBe('saved');
    expect(listed.metrics.find((metric) => metric.name === 'order_count')?.certified).toEqual(
      metricOf('order_count')?.certified,
    );

    const query = {
      metrics: ['order_count', 'order_total_amount'],
      dimensions: [{ dimension: 'country_code' }],
      orderBy: [{ field: 'country_code' }],
    };
    const rest = await api.post<MetricQueryResult>(`/api/databases/${demoId}/metrics/query`, query);
    expect(rest.status, rest.text).toBe(200);
    const runsBefore = runs.length;
    const answered = await callTool<
      Rows & {
        sql: string;
        standsOn: { name: string; certified: unknown }[];
        summary: string;
        modelSource: string;
      }
    >(client, 'query_metrics', { databaseId: demoId, query });
    expect(answered.sql).toBe(rest.body.sql);
    expect(runs.slice(runsBefore).map((run) => [run.purpose, run.sql])).toEqual([['mcp', rest.body.sql]]);
    expect(answered.rows).toEqual(rest.body.rows);
    expect(answered.standsOn).toEqual(
      query.metrics.map((name) => ({
        kind: 'metric',
        name,
        label: metricOf(name)?.label,
        certified: metricOf(name)?.certified ?? null,
      })),
    );
    // One reading of the model, said the same way by the tool and the API.
    expect(answered.standsOn).toEqual(rest.body.standsOn);
    expect([answered.modelSource, rest.body.modelSource]).toEqual(['saved', 'saved']);
    expect(answered.standsOn[1]?.certified).toBeNull();
    expect(answered.summary).toContain('the certified metric order_count');
    expect(answered.summary).toContain('order_total_amount, not certified');

    const wrongName = await callFailingTool(client, 'query_metrics', {
      databaseId: demoId,
      query: { metrics: ['order_counts'] },
    });
    expect(wrongName.error).toMatchObject({ code: 'BAD_REQUEST', field: 'query.metrics[0]' });
    expect(wrongName.error?.error).toContain('order_count');
  });

  it('lists business entities and issues as the control page reads them', async () => {
    const { db } = running.built.store;
    const customers = await insertEntity(db, demoId, {
      name: 'Customer',
      tableRef: 'customers',
      completeness: 92,
      qualityScore: 81,
    });
    await insertIssue(db, demoId, {
      title: 'Customers without an email',
      entityId: customers,
      severity: 'high',
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    await insertIssue(db, demoId, {
      title: 'Old duplicate orders',
      status: 'resolved',
      createdAt: '2026-10-01T00:00:00.000Z',
    });
    const restEntities = (
      await api.get<BusinessEntity[]>(`/api/business-entities?contextId=database-${demoId}`)
    ).body;
    const entities = await callTool<{ entities: Record<string, unknown>[]; total: number }>(
      client,
      'list_entities',
      {
        databaseId: demoId,
      },
    );
    expect(entities.total).toBe(restEntities.length);
    expect(entities.entities).toEqual(
      restEntities.map((entity) => ({
        id: entity.id,
        name: entity.name,
        definition: entity.definition,
        table: entity.table_ref,
        completeness: entity.completeness,
        qualityScore: entity.quality_score,
        openIssues: (entity.issues ?? []).map((issue) => issue.title),
      })),
    );
    expect(entities.entities[0]).toMatchObject({
      name: 'Customer',
      openIssues: ['Customers without an email'],
    });
    // A table card names the entity it stands for, with its scores and open issues.
    const described = await callTool<{ table: string; businessEntity: Record<string, unknown> | null }>(
      client,
      'describe_table',
      { databaseId: demoId, table: 'customers' },
    );
    expect(described.businessEntity).toEqual(entities.entities[0]);
    expect(described.businessEntity).toMatchObject({ completeness: 92, qualityScore: 81 });

    const restIssues = (await api.get<Issue[]>(`/api/issues?contextId=database-${demoId}`)).body;
    const open = await callTool<{ issues: { id: string; status: string }[] }>(client, 'list_issues', {
      databaseId: demoId,
    });
    expect(open.issues.map((issue) => issue.id)).toEqual(
      restIssues
        .filter((issue) => issue.status === 'open' || issue.status === 'in_progress')
        .map((issue) => issue.id),
    );
    const all = await callTool<{ issues: { id: string }[] }>(client, 'list_issues', {
      databaseId: demoId,
      unresolvedOnly: false,
    });
    expect(all.issues.map((issue) => issue.id)).toEqual(restIssues.map((issue) => issue.id));
  });
});
