import { describe, expect, it } from 'vitest';
import { clientEvents, MAX_QUESTION_LENGTH } from '../src/index.ts';

describe('the client socket events', () => {
  it('name each argument once, the conversation first', () => {
    for (const [name, event] of Object.entries(clientEvents)) {
      const names = [...event.required, ...event.optional].map(([argument]) => argument);
      expect(new Set(names).size, name).toBe(names.length);
      expect(names[0], name).toBe('conversationId');
      expect(Object.keys(event.payload.shape), name).toEqual(names);
      expect(event.summary.length, name).toBeGreaterThan(0);
    }
  });

  it('trim a question and refuse an empty or overlong one', () => {
    const { payload } = clientEvents.ask;
    expect(payload.parse({ conversationId: 'c', text: '  How many?\n' })).toEqual({
      conversationId: 'c',
      text: 'How many?',
    });
    expect(payload.safeParse({ conversationId: 'c', text: ' ' }).success).toBe(false);
    expect(
      payload.safeParse({ conversationId: 'c', text: 'x'.repeat(MAX_QUESTION_LENGTH + 1) }).success,
    ).toBe(false);
    expect(payload.safeParse({ conversationId: '', text: 'Hi' }).success).toBe(false);
  });

  it('leave an edit optional', () => {
    const { payload } = clientEvents.regenerateFromMessage;
    expect(payload.parse({ conversationId: 'c', messageId: 'm' })).toEqual({
      conversationId: 'c',
      messageId: 'm',
    });
    expect(payload.parse({ conversationId: 'c', messageId: 'm', content: null }).content).toBeNull();
    expect(payload.parse({ conversationId: 'c', messageId: 'm', content: ' new ' }).content).toBe('new');
  });
});
