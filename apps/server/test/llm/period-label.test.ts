import { describe, expect, it } from 'vitest';
import { periodLabel } from '../../src/llm/offline/semantic/period-label.ts';

describe('a period as people say it', () => {
  it('reads the grain from the column and the period from its first day', () => {
    expect(periodLabel('ordered_at__month', '2021-12-01')).toBe('December 2021');
    expect(periodLabel('ordered_at__quarter', '2021-10-01T00:00:00.000Z')).toBe('Q4 2021');
    expect(periodLabel('ordered_at__year', new Date('2021-01-01T00:00:00Z'))).toBe('2021');
    expect(periodLabel('ordered_at__week', '2021-12-06')).toBe('the week of 2021-12-06');
    expect(periodLabel('ordered_at__day', '2021-12-06')).toBe('2021-12-06');
  });

  it('leaves alone what is no period', () => {
    expect(periodLabel('country', '2021-12-01')).toBeNull();
    expect(periodLabel('ordered_at__month', 'not a date')).toBeNull();
    expect(periodLabel('ordered_at__month', 42)).toBeNull();
  });
});
