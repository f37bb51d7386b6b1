import type { ConversationSummary, SchemaInfo, StatusEvent } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDbtManifest } from '../../../src/modules/databases/dbt-artifacts.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import { apiClient } from '../../helpers/api-client.ts';
import { connectChat } from '../../helpers/chat-client.ts';
import { addDatabase } from '../../helpers/factories.ts';
import { instructionsOf } from '../../helpers/scripted-chat.ts';
import type { ScriptEntry } from '../../helpers/scripted-model.ts';
import { lastToolResult, scriptFedModel } from '../../helpers/scripted-model.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/**
 * dbt's tests and metrics, kept from the uploaded manifest (not only its descriptions) and shown
 * to the analyst: tests with their table in describe_table, metrics in the instructions.
 */

/** A manifest in dbt's format (v12) for Chinook's invoices: tests on columns, a semantic model, metrics. */
const manifest = {
  metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v12.json' },
  nodes: {
    'model.chinook.Invoice': {
      resource_type: 'model',
      name: 'Invoice',
      schema: 'main',
      description: 'One row per invoice',
      columns: { Total: { name: 'Total', description: 'Amount billed, in US dollars' } },
    },
    'test.chinook.not_null_Invoice_InvoiceId.1a2b': {
      resource_type: 'test',
      name: 'not_null_Invoice_InvoiceId',
      attached_node: 'model.chinook.Invoice',
      column_name: 'InvoiceId',
      test_metadata: {
        name: 'not_null',
        kwargs: { column_name: 'InvoiceId', model: "{{ get_where_subquery(ref('Invoice')) }}" },
      },
      depends_on: { nodes: ['model.chinook.Invoice'] },
    },
    'test.chinook.accepted_values_Invoice_BillingCountry.3c4d': {
      resource_type: 'test',
      name: 'accepted_values_Invoice_BillingCountry',
      attached_node: 'model.chinook.Invoice',
      column_name: 'BillingCountry',
      test_metadata: {
        name: 'accepted_values',
        kwargs: { column_name: 'BillingCountry', values: ['USA', 'Canada', 'France'] },
      },
    },
    'test.chinook.relationships_Invoice_CustomerId.5e6f': {
      resource_type: 'test',
      name: 'relationships_Invoice_CustomerId',
      column_name: 'CustomerId',
      test_metadata: {
        name: 'relationships',
        kwargs: { column_name: 'CustomerId', to: "ref('Customer')", field: 'CustomerId' },
      },
      depends_on: { nodes: ['model.chinook.Invoice'] },
    },
    'test.chinook.invoices_are_positive': {
      resource_type: 'test',
      name: 'invoices_are_positive',
      depends_on: { nodes: ['model.chinook.Invoice'] },
    },
  },
  sources: {},
  semantic_models: {
    'semantic_model.chinook.invoices': {
      name: 'invoices',
      model: "ref('Invoice')",
      node_relation: { alias: 'Invoice', schema_name: 'main' },
      measures: [
        { name: 'invoice_total', agg: 'sum', expr: 'Total' },
        { name: 'invoice_count', agg: 'count', expr: 'InvoiceId' },
      ],
    },
  },
  metrics: {
    'metric.chinook.revenue': {
      name: 'revenue',
      label: 'Revenue',
      description: 'Money billed to customers',
      type: 'simple',
      type_params: { measure: { name: 'invoice_total', filter: null } },
      filter: null,
    },
    'metric.chinook.us_revenue': {
      name: 'us_revenue',
      label: 'US revenue',
      description: '',
      type: 'simple',
      type_params: { measure: { name: 'invoice_total' } },
      filter: {
        where_filters: [{ where_sql_template: "{{ Dimension('invoice__BillingCountry') }} = 'USA'" }],
      },
    },
    'metric.chinook.average_invoice': {
      name: 'average_invoice',
      label: 'Average invoice',
      type: 'ratio',
      type_params: { numerator: { name: 'invoice_total' }, denominator: { name: 'invoice_count' } },
    },
  },
};

const expectedTests = [
  'InvoiceId: never null',
  "BillingCountry: one of 'USA', 'Canada', 'France'",
  'CustomerId: references Customer.CustomerId',
  'passes the custom test invoices_are_positive',
];

describe('reading dbt tests and metrics from a manifest', () => {
  it('keeps each test as a sentence with its model, and each metric with its definition', () => {
    const parsed = parseDbtManifest(manifest);
    expect(parsed.relations).toEqual([expect.objectContaining({ name: 'Invoice', tests: expectedTests })]);
    expect(parsed.metrics).toEqual([
      {
        name: 'average_invoice',
        label: 'Average invoice',
        description: null,
        definition: '(sum(Total) of Invoice) / (count(InvoiceId) of Invoice)',
      },
      {
        name: 'revenue',
        label: 'Revenue',
        description: 'Money billed to customers',
        definition: 'sum(Total) of Invoice',
      },
      {
        name: 'us_revenue',
        label: 'US revenue',
        description: null,
        definition: "sum(Total) of Invoice where BillingCountry = 'USA'",
      },
    ]);
  });

  it('reads the metrics of dbt before 1.6, which carry their own calculation', () => {
    const legacy = {
      nodes: {},
      metrics: {
        'metric.shop.revenue': {
          name: 'revenue',
          label: 'Revenue',
          calculation_method: 'sum',
          expression: 'amount',
          model: "ref('orders')",
          filters: [{ field: 'status', operator: '=', value: "'completed'" }],
        },
      },
    };
    expect(parseDbtManifest(legacy).metrics).toEqual([
      {
        name: 'revenue',
        label: 'Revenue',
        description: null,
        definition: "sum(amount) of orders where status = 'completed'",
      },
    ]);
  });
});

describe('dbt tests and metrics reach the schema and the analyst', () => {
  let running: RunningApp;
  let sqlite: { filename: string; remove: () => Promise<void> };
  let script: ScriptEntry[] = [];

  beforeAll(async () => {
    sqlite = await chinookSqliteCopy();
    const model = scriptFedModel(() => script.shift());
    running = await startTestApp({}, { languageModel: model });
  });

  afterAll(async () => {
    await running.stop();
    await sqlite.remove();
  });

  it('shows the tests with their table and the metrics in the instructions', async () => {
    const api = apiClient(running.baseUrl);
    const database = await addDatabase(api, {
      name: 'Chinook with dbt',
      engine: 'sqlite',
      details: { filename: sqlite.filename },
      dbt_manifest: manifest,
    });
    const schema = await api.get<SchemaInfo>(`/api/databases/${database.id}/schema`);
    const invoice = schema.body.schemas
      .flatMap((entry) => entry.tables)
      .find((table) => table.name === 'Invoice');
    expect(invoice?.dbtTests).toEqual(expectedTests);
    expect(schema.body.dbtMetrics?.map((metric) => metric.name)).toEqual([
      'average_invoice',
      'revenue',
      'us_revenue',
    ]);

    let instructions = '';
    let described: unknown = null;
    script = [
      (options) => {
        instructions = instructionsOf(options);
        return { calls: [{ name: 'describe_table', input: { table: 'Invoice' } }] };
      },
      (options) => {
        described = lastToolResult(options)?.output;
        return { text: 'ok' };
      },
    ];
    const conversation = await api.post<ConversationSummary>('/api/conversations', {
      contextId: `database-${database.id}`,
    });
    const client = await connectChat(running.baseUrl);
    try {
      client.socket.emit('ask', conversation.body.id, 'What is our revenue?');
      await client.waitFor<StatusEvent>(
        'status',
        (event) => event.conversation_id === conversation.body.id && event.status !== 'running',
      );
    } finally {
      client.close();
    }
    expect(instructions).toContain(
      'Metrics defined in the dbt project (compute a metric the user names this way, and say you did):\n' +
        '- average_invoice (Average invoice) = (sum(Total) of Invoice) / (count(InvoiceId) of Invoice)\n' +
        '- revenue (Revenue: Money billed to customers) = sum(Total) of Invoice\n' +
        "- us_revenue (US revenue) = sum(Total) of Invoice where BillingCountry = 'USA'",
    );
    expect(described).toMatchObject({ table: 'Invoice', dbtTests: expectedTests });
  });
});
