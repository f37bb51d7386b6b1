import type { SchemaInfo } from '@querent/contracts';
import { USER_SQL_FUNCTION, WRITE_CONFIRMATION_FUNCTION } from '@querent/contracts';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { compactHistory } from '../../src/agent/compact-history.ts';
import { toModelMessages } from '../../src/agent/history.ts';
import { contextBudget } from '../../src/agent/context-budget.ts';
import { previewForModel } from '../../src/agent/result-preview.ts';
import { SchemaIndex } from '../../src/agent/schema/schema-index.ts';
import { summarizeSchema } from '../../src/agent/schema/schema-summary.ts';
import { listSchemaTables, projectTableKeys } from '../../src/agent/schema/schema-tables.ts';
import { estimateTokens } from '../../src/agent/token-estimate.ts';
import { nameFromQuestion } from '../../src/modules/conversations/conversation-name.ts';
import type { MessageRecord } from '../../src/modules/conversations/messages.repo.ts';
import type { ChatQueryRecord } from '../../src/modules/queries/chat-queries.ts';
import { makeTable } from '../helpers/schema-factories.ts';

function hugeSchema(tables: number, columns: number): SchemaInfo {
  return {
    introspectedAt: '2026-01-01T00:00:00.000Z',
    schemas: [
      {
        name: 'warehouse',
        tables: Array.from({ length: tables }, (_, index) =>
          makeTable(
            `table_${String(index).padStart(4, '0')}`,
            Array.from({ length: columns }, (_, column) => `column_${column}_of_${index}`),
          ),
        ),
      },
      { name: 'sales', tables: [makeTable('orders', ['order_id', 'customer_id', 'amount_cents'])] },
    ],
  };
}

describe('the schema summary', () => {
  it('shows a small schema whole, with keys, references and descriptions', () => {
    const schema: SchemaInfo = {
      introspectedAt: '2026-01-01T00:00:00.000Z',
      schemas: [
        {
          name: 'main',
          tables: [
            makeTable('customer', ['id', 'name'], { rowEstimate: 59, comment: 'People who buy' }),
            makeTable('invoice', ['id', 'customer_id', 'total'], {
              foreignKeys: [
                {
                  name: null,
                  columns: ['customer_id'],
                  references: { schema: 'main', table: 'customer', columns: ['id'] },
                },
              ],
            }),
          ],
        },
      ],
    };
    const summary = summarizeSchema(schema, { focus: new Set(), budgetTokens: 2000 });
    expect(summary).toMatchObject({ shown: 2, omitted: 0 });
    expect(summary.text).toBe(
      [
        '- customer (~59 rows) — People who buy: id integer PK, name integer',
        '- invoice: id integer PK, customer_id integer →customer.id, total integer',
      ].join('\n'),
    );
  });

  it('stays under its budget however large the schema, says how many tables it left out, and keeps the project’s', () => {
    const schema = hugeSchema(3000, 20);
    const budgetTokens = 4000;
    const focus = projectTableKeys([{ schema: 'sales', table: 'orders' }]);
    const summary = summarizeSchema(schema, { focus, budgetTokens });
    expect(estimateTokens(summary.text)).toBeLessThanOrEqual(budgetTokens);
    expect(summary.shown + summary.omitted).toBe(3001);
    expect(summary.omitted).toBeGreaterThan(2500);
    expect(summary.text.split('\n')[0]).toBe(
      '- sales.orders: order_id integer PK, customer_id integer, amount_cents integer',
    );
    expect(summary.text).toContain(`(${summary.omitted} more tables not listed: use search_schema`);
    // What the summary leaves out, the search finds.
    const found = new SchemaIndex(listSchemaTables(schema)).search('column_3_of_2999');
    expect(found[0]?.entry.name).toBe('warehouse.table_2999');
  });

  it('ranks tables others point to above scratch copies', () => {
    const schema: SchemaInfo = {
      introspectedAt: '2026-01-01T00:00:00.000Z',
      schemas: [
        {
          name: 'main',
          tables: [
            makeTable('customers_backup', ['id']),
            makeTable('customers', ['id']),
            makeTable('orders', ['id', 'customer_id'], {
              foreignKeys: [
                {
                  name: null,
                  columns: ['customer_id'],
                  references: { schema: 'main', table: 'customers', columns: ['id'] },
                },
              ],
            }),
          ],
        },
      ],
    };
    const summary = summarizeSchema(schema, { focus: new Set(), budgetTokens: 30 });
    expect(summary.text.split('\n')[0]).toMatch(/^- customers:/);
  });
});

function message(partial: Partial<MessageRecord> & Pick<MessageRecord, 'role'>, seq: number): MessageRecord {
  return {
    id: `m${seq}`,
    conversationId: 'c',
    content: null,
    functionCall: null,
    queryId: null,
    chartId: null,
    seq,
    createdAt: '2026-01-01T00:00:00.000Z',
    usage: null,
    ...partial,
  };
}

describe('the stored conversation as the model reads it', () => {
  it('pairs calls and results, answers a call left without result, and keeps the cards out', () => {
    const records = [
      message({ role: 'user', content: 'How many?' }, 1),
      message({ role: 'assistant', content: 'Checking.' }, 2),
      message(
        {
          role: 'assistant',
          functionCall: { name: 'run_sql', arguments: { query: 'SELECT 1' }, callId: 'a' },
        },
        3,
      ),
      message(
        {
          role: 'function',
          content: '{"rowCount":1}',
          functionCall: { name: 'run_sql', arguments: {}, callId: 'a' },
        },
        4,
      ),
      message(
        {
          role: 'assistant',
          functionCall: { name: 'run_sql', arguments: { query: 'DELETE FROM t' }, callId: 'b' },
        },
        5,
      ),
      message(
        {
          role: 'assistant',
          functionCall: { name: WRITE_CONFIRMATION_FUNCTION, arguments: { status: 'pending' } },
        },
        6,
      ),
      message(
        {
          role: 'user',
          content: 'SELECT 2',
          functionCall: { name: USER_SQL_FUNCTION, arguments: { query: 'SELECT 2' } },
        },
        7,
      ),
      message(
        {
          role: 'function',
          content: '{"columns":[{"name":"?column?","type":"int4"}],"rows":[[2]]}',
          queryId: 'q7',
          functionCall: { name: USER_SQL_FUNCTION, arguments: { query: 'SELECT 2' } },
        },
        8,
      ),
    ];
    const messages = toModelMessages(records);
    expect(messages.map((entry) => entry.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'user',
    ]);
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', toolCallId: 'a', toolName: 'run_sql', input: { query: 'SELECT 1' } },
      ],
    });
    expect(messages[2]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'a',
          toolName: 'run_sql',
          output: { type: 'json', value: { rowCount: 1 } },
        },
      ],
    });
    expect(messages[4]).toMatchObject({
      content: [
        { toolCallId: 'b', output: { type: 'text', value: expect.stringMatching(/^No result/) as unknown } },
      ],
    });
    expect(messages[5]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'I ran this SQL myself:\n```sql\nSELECT 2\n```' },
        {
          type: 'text',
          text: 'Result of that SQL (query q7):\n{"columns":[{"name":"?column?","type":"int4"}],"rows":[[2]]}',
        },
      ],
    });
  });
});

describe('compaction', () => {
  function longConversation(exchanges: number): ModelMessage[] {
    const messages: ModelMessage[] = [];
    for (let index = 0; index < exchanges; index += 1) {
      messages.push({ role: 'user', content: [{ type: 'text', text: `Question ${index}` }] });
      messages.push({
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: `call-${index}`,
            toolName: 'run_sql',
            input: { query: 'SELECT *' },
          },
        ],
      });
      messages.push({
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: `call-${index}`,
            toolName: 'run_sql',
            output: {
              type: 'json',
              value: { rows: Array.from({ length: 40 }, (_, row) => [row, 'x'.repeat(80)]) },
            },
          },
        ],
      });
      messages.push({ role: 'assistant', content: [{ type: 'text', text: `Answer ${index}` }] });
    }
    return messages;
  }

  const tokens = (messages: ModelMessage[]) =>
    messages.reduce((sum, entry) => sum + estimateTokens(entry.content) + 4, 0);

  it('leaves a conversation that fits alone', () => {
    const messages = longConversation(2);
    expect(compactHistory(messages, { messageTokens: 1_000_000 })).toEqual(messages);
  });

  it('trims older tool results first, keeping every call answered and the recent results whole', () => {
    const messages = longConversation(12);
    const budget = Math.floor(tokens(messages) / 2);
    const compacted = compactHistory(messages, { messageTokens: budget });
    expect(tokens(compacted)).toBeLessThanOrEqual(budget);
    expect(compacted).toHaveLength(messages.length);
    expect(JSON.stringify(compacted[2])).toContain('[Trimmed to save space');
    expect(compacted.at(-2)).toEqual(messages.at(-2));
    const calls = compacted.flatMap((entry) =>
      entry.role === 'assistant' && Array.isArray(entry.content)
        ? entry.content.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : []))
        : [],
    );
    const results = compacted.flatMap((entry) =>
      entry.role === 'tool' ? entry.content.map((part) => ('toolCallId' in part ? part.toolCallId : '')) : [],
    );
    expect(results).toEqual(calls);
  });

  it('leaves out the oldest exchanges when trimming is not enough, and says so', () => {
    const messages = longConversation(200);
    const budget = 3000;
    const compacted = compactHistory(messages, { messageTokens: budget });
    expect(tokens(compacted)).toBeLessThanOrEqual(budget);
    expect(compacted[0]?.role).toBe('user');
    expect(JSON.stringify(compacted[0])).toContain('Earlier messages of this conversation were left out');
    expect(JSON.stringify(compacted.at(-1))).toContain('Answer 199');
  });
});

describe('what the model sees of a result', () => {
  const large = contextBudget(100_000);
  function outcome(
    rows: unknown[][],
    count: number | null,
    columns = [
      { name: 'id', type: 'integer' },
      { name: 'text', type: 'text' },
    ],
  ): Parameters<typeof previewForModel>[0] {
    const query: ChatQueryRecord = {
      id: 'q1',
      sql: 'SELECT *',
      title: null,
      columns,
      rows,
      count,
      truncated: count === null || count > rows.length,
      durationMs: 3,
      error: null,
      ranAt: '2026-01-01T00:00:00.000Z',
      databaseId: 'd',
      ownerId: 'u',
      conversationId: 'c',
    };
    return { query, errorKind: null, affectedRows: null };
  }

  it('is at most 20 rows and 10,000 characters, with the true count and the columns', () => {
    const many = Array.from({ length: 1000 }, (_, id) => [id, 'short']);
    const preview = previewForModel(outcome(many, 123_456), large);
    expect(preview).toMatchObject({ queryId: 'q1', embed: '{{query:q1}}', rowCount: 123_456, rowsShown: 20 });
    expect(preview.columns).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'text', type: 'text' },
    ]);
    // A header (the columns) and rows of cells in that order, as the user's table shows them.
    expect(preview.rows).toEqual(many.slice(0, 20));

    const wide = Array.from({ length: 20 }, (_, id) => [id, 'y'.repeat(5000)]);
    const narrow = previewForModel(outcome(wide, 20), large);
    expect(JSON.stringify(narrow.rows).length).toBeLessThanOrEqual(large.previewChars);
    const [first] = narrow.rows as [number, string][];
    expect(first?.[0]).toBe(0);
    expect(first?.[1]).toBe(`${'y'.repeat(299)}…`);
  });

  it('keeps every cell of repeated column names, JSON cells shortened as text', () => {
    const columns = [
      { name: 'a', type: 'integer' },
      { name: 'a_1', type: 'integer' },
      { name: 'doc', type: 'jsonb' },
    ];
    const document = { items: Array.from({ length: 200 }, (_, index) => index) };
    const preview = previewForModel(
      outcome(
        [
          [1, 2, { small: true }],
          [3, 4, document],
        ],
        2,
        columns,
      ),
      large,
    );
    expect(preview).toMatchObject({ columns, rowCount: 2, rowsShown: 2 });
    expect(preview.rows).toEqual([
      [1, 2, { small: true }],
      [3, 4, `${JSON.stringify(document).slice(0, 299)}…`],
    ]);
    expect(preview).not.toHaveProperty('note');
  });

  it('is the database’s message when the SQL failed', () => {
    const failed = outcome([], null);
    const preview = previewForModel(
      {
        ...failed,
        query: { ...failed.query, rows: null, error: 'no such column: nope' },
        errorKind: 'sql',
      },
      large,
    );
    expect(preview).toEqual({
      queryId: 'q1',
      error: 'no such column: nope',
      hint: expect.any(String) as unknown,
    });
  });
});

describe('conversation names', () => {
  it('are the first question on one line, cut near 60 characters at a word', () => {
    expect(nameFromQuestion('  How many\n customers?  ')).toBe('How many customers?');
    const long = nameFromQuestion(
      'Which customers bought the most tracks from the rock genre during the year 2012?',
    );
    expect(long).toBe('Which customers bought the most tracks from the rock genre…');
    expect(long.length).toBeLessThanOrEqual(60);
    expect(nameFromQuestion('x'.repeat(100))).toBe(`${'x'.repeat(59)}…`);
  });
});
