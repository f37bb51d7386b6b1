import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/errors.ts';
import { toolAnswer, toolFailure } from '../../../src/modules/mcp/tool-answer.ts';

/* What a model reads: an answer as structured content and text, a failure as a tool error. */

function textOf(result: ReturnType<typeof toolFailure>): unknown {
  const first = result.content[0];
  return JSON.parse(first?.type === 'text' ? first.text : 'null');
}

describe('tool answers', () => {
  it('carries the same JSON as structured content and as text', () => {
    const output = { rows: [[1]], note: 'x' };
    const answer = toolAnswer(output);
    expect(answer.structuredContent).toEqual(output);
    expect(textOf(answer)).toEqual(output);
  });

  it('answers a refusal with its message, the field at fault and the next step', () => {
    const logged: unknown[] = [];
    const failure = toolFailure(new AppError('NOT_FOUND', 'Database not found', { field: 'databaseId' }), {
      requestId: 'r-1',
      log: (error) => logged.push(error),
    });
    expect(failure.isError).toBe(true);
    expect(textOf(failure)).toEqual({
      error: 'Database not found',
      code: 'NOT_FOUND',
      field: 'databaseId',
      hint: expect.stringContaining('list_databases') as unknown,
    });
    expect(logged).toEqual([]);
  });

  it('answers our own bug with the request id only, and logs it', () => {
    const logged: unknown[] = [];
    const bug = new TypeError('secret internals');
    const failure = toolFailure(bug, { requestId: 'r-2', log: (error) => logged.push(error) });
    expect(failure.isError).toBe(true);
    expect(JSON.stringify(failure)).not.toContain('secret internals');
    expect(textOf(failure)).toMatchObject({
      code: 'INTERNAL',
      error: expect.stringContaining('r-2') as unknown,
    });
    expect(logged).toEqual([bug]);
  });
});
