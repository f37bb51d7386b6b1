import { describe, expect, it } from 'vitest';
import { buildChatView } from '../src/features/chat/message-groups.ts';
import { starterQuestions } from '../src/features/chat/starter-questions.ts';
import { makeChatQuery, makeMessage } from './helpers/chat-fixtures.ts';
import { makeColumn, makeSchema, makeTable } from './helpers/fixtures.ts';

describe('starter questions', () => {
  const schema = makeSchema({
    main: [
      makeTable('artists', {
        rowEstimate: 275,
        columns: [makeColumn('id'), makeColumn('name', { type: 'text' })],
      }),
      makeTable('tracks', {
        rowEstimate: 3503,
        columns: [
          makeColumn('id'),
          makeColumn('album_id'),
          makeColumn('name', { type: 'text' }),
          makeColumn('milliseconds', { type: 'INTEGER' }),
        ],
      }),
      makeTable('top_tracks', { kind: 'view', rowEstimate: 10_000 }),
    ],
  });

  it('asks about the largest table, rows of another and a top 5 by a measure (never by a key)', () => {
    expect(starterQuestions(schema)).toEqual([
      'How many rows are in tracks?',
      'Show the first 10 rows of artists',
      'What are the top 5 tracks by milliseconds?',
    ]);
  });

  it('still offers three questions without estimates or measures, and none without tables', () => {
    const plain = makeSchema({
      main: [makeTable('notes', { columns: [makeColumn('id'), makeColumn('body', { type: 'text' })] })],
    });
    expect(starterQuestions(plain)).toEqual([
      'How many rows are in notes?',
      'Show the first 10 rows of notes',
      'Describe the columns of notes',
    ]);
    expect(starterQuestions(makeSchema({ main: [] }))).toEqual([]);
    expect(starterQuestions(null)).toEqual([]);
  });

  it('skips foreign keys and *_id columns when looking for a measure', () => {
    const orders = makeSchema({
      public: [
        makeTable('orders', {
          columns: [
            makeColumn('id'),
            makeColumn('customer_ref'),
            makeColumn('store_id'),
            makeColumn('amount', { type: 'numeric(12,2)' }),
          ],
          foreignKeys: [
            {
              name: null,
              columns: ['customer_ref'],
              references: { schema: 'public', table: 'customers', columns: ['id'] },
            },
          ],
        }),
      ],
    });
    expect(starterQuestions(orders)[2]).toBe('What are the top 5 orders by amount?');
  });
});

describe('chat view', () => {
  const question = makeMessage({ role: 'user', content: 'Top customers?' });
  const call = makeMessage({
    role: 'assistant',
    content: null,
    functionCall: { name: 'run_sql', arguments: { query: 'select 1' } },
  });
  const result = makeMessage({
    role: 'function',
    content: 'ok',
    functionCall: { name: 'run_sql', arguments: {} },
    queryId: 'q1',
    query: makeChatQuery(),
  });
  const answer = makeMessage({ role: 'assistant', content: 'Here they are. {{query:q1}}' });

  it('folds tool calls and results under the answer that follows them', () => {
    const view = buildChatView([question, call, result, answer]);
    expect(view.blocks.map((block) => block.kind)).toEqual(['user', 'answer']);
    expect(view.blocks[1]).toMatchObject({ kind: 'answer', steps: [call, result], questionId: question.id });
    expect(view.queries.get('q1')?.rows).toEqual([[59]]);
    expect(view.lastQuestionId).toBe(question.id);
  });

  it('shows steps with no answer yet on their own, and the write card and user SQL unfolded', () => {
    const sql = makeMessage({
      role: 'user',
      content: 'select 1',
      functionCall: { name: 'user_sql', arguments: { query: 'select 1' } },
    });
    const sqlResult = makeMessage({
      role: 'function',
      content: null,
      functionCall: { name: 'user_sql', arguments: {} },
      query: makeChatQuery({ id: 'q2' }),
    });
    const write = makeMessage({
      role: 'assistant',
      content: null,
      functionCall: {
        name: 'confirm_write',
        arguments: {
          queryId: 'q3',
          query: 'delete from t',
          operation: 'DELETE',
          reason: 'r',
          status: 'pending',
        },
      },
    });
    const view = buildChatView([sql, sqlResult, question, call, result, write]);
    expect(view.blocks.map((block) => block.kind)).toEqual(['user', 'user-result', 'user', 'steps', 'write']);
    expect(view.blocks[0]).toMatchObject({ kind: 'user', sql: 'select 1' });
    expect(view.blocks[4]).toMatchObject({
      kind: 'write',
      write: { queryId: 'q3', operation: 'DELETE', status: 'pending' },
    });
  });
});
