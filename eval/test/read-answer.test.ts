import type { Message } from '@querent/contracts';
import { describe, expect, it } from 'vitest';
import { readAnswer } from '../src/read-answer.ts';

/* How the harness reads what an analyst did with the last question, for any model. */

let sequence = 0;
const message = (role: Message['role'], fields: Partial<Message> = {}): Message => ({
  id: String((sequence += 1)),
  conversationId: 'c',
  role,
  content: null,
  createdAt: '2024-01-01T00:00:00Z',
  ...fields,
});
const ran = (queryId: string, sql: string, failed = false): Message =>
  message('function', {
    functionCall: { name: 'run_sql', arguments: { query: sql } },
    queryId,
    content: JSON.stringify(failed ? { error: 'no such table' } : { rowCount: 1 }),
  });
const say = (text: string) => message('assistant', { content: text });
const ask = (text: string) => message('user', { content: text });
const clear = { status: 'clear' as const, error: null };

describe('reading the answer of a turn', () => {
  it('takes the query the answer embeds, not the last one run', () => {
    const turn = [ask('q'), ran('a', 'SELECT 1'), ran('b', 'SELECT 2'), say('Here:\n\n{{query:a}}')];
    expect(readAnswer(turn, clear, null)).toMatchObject({ kind: 'answer', sql: 'SELECT 1' });
  });

  it('takes the SQL query_metrics compiled and ran, from its result', () => {
    const metrics = message('function', {
      functionCall: { name: 'query_metrics', arguments: { query: { metrics: ['artist_count'] } } },
      queryId: 'm',
      content: JSON.stringify({ sql: 'SELECT COUNT(*) AS artist_count FROM main.Artist', rowCount: 1 }),
    });
    const turn = [ask('q'), metrics, say('From the metric Number of artists:\n\n{{query:m}}')];
    expect(readAnswer(turn, clear, 'answer')).toMatchObject({
      kind: 'answer',
      sql: 'SELECT COUNT(*) AS artist_count FROM main.Artist',
    });
  });

  it('takes the last query that ran when the answer embeds none', () => {
    const turn = [ask('q'), ran('a', 'SELECT 1'), ran('b', 'SELECT oops', true), say('It is 1.')];
    expect(readAnswer(turn, clear, null)).toMatchObject({ kind: 'answer', sql: 'SELECT 1' });
  });

  it('reads an answer that embeds nothing and ends with a question as a question', () => {
    const turn = [ask('q'), ran('a', 'SELECT 1'), say('Do you mean by revenue or by count?')];
    expect(readAnswer(turn, clear, null).kind).toBe('clarification');
  });

  it('reads an answer with no query that ran as a refusal', () => {
    const turn = [ask('q'), ran('a', 'SELECT oops', true), say('I cannot answer that.')];
    expect(readAnswer(turn, clear, null).kind).toBe('refusal');
  });

  it('believes the outcome the model declares', () => {
    const turn = [ask('q'), ran('probe', 'SELECT 1'), say('I could not find "Facebook".')];
    expect(readAnswer(turn, clear, 'refusal').kind).toBe('refusal');
    expect(readAnswer(turn, clear, 'clarification').kind).toBe('clarification');
  });

  it('reads only the last turn of a conversation', () => {
    const turns = [ask('first'), ran('a', 'SELECT 1'), say('{{query:a}}'), ask('second'), say('No idea.')];
    expect(readAnswer(turns, clear, null).kind).toBe('refusal');
  });

  it('is an error when the turn failed or ended without an answer', () => {
    expect(readAnswer([ask('q')], { status: 'error', error: 'rate limited' }, null)).toEqual({
      kind: 'error',
      text: 'rate limited',
    });
    expect(readAnswer([ask('q'), ran('a', 'SELECT 1')], clear, null).kind).toBe('error');
  });
});
