import { describe, expect, it } from 'vitest';
import { readRelativePeriods } from '../../src/llm/offline/relative-periods.ts';

/*
 * Periods counted from today, written out as explicit ones from the date the instructions give:
 * calendar words name whole calendar periods, a count a rolling window ending today.
 */

const read = (text: string, today = '2026-11-28') => readRelativePeriods(text, today);

describe('periods counted from today', () => {
  it('reads calendar years, months, quarters and weeks', () => {
    expect(read('How many orders last year?')).toEqual({
      text: 'How many orders in 2025?',
      periods: [{ said: 'last year', read: '2025' }],
    });
    expect(read('revenue this year').text).toBe('revenue in 2026');
    expect(read('How many orders did we get last month?').text).toBe(
      'How many orders did we get in October 2026?',
    );
    expect(read('orders in the previous month', '2026-01-15').text).toBe('orders in December 2025');
    expect(read('sales during the current month').text).toBe('sales in November 2026');
    expect(read('revenue last quarter').text).toBe('revenue between 2026-07-01 and 2026-09-30');
    expect(read('revenue last quarter', '2026-02-10').text).toBe('revenue between 2025-10-01 and 2025-12-31');
    expect(read('revenue this quarter').text).toBe('revenue between 2026-10-01 and 2026-12-31');
    // 2026-11-28 is a Saturday: this week runs from Monday the 23rd.
    expect(read('orders this week').text).toBe('orders between 2026-11-23 and 2026-11-29');
    expect(read('orders last week').text).toBe('orders between 2026-11-16 and 2026-11-22');
  });

  it('reads a count as a rolling window that ends today', () => {
    expect(read('orders in the last 30 days').text).toBe('orders between 2026-10-30 and 2026-11-28');
    expect(read('signups over the past 3 months').text).toBe('signups between 2026-08-29 and 2026-11-28');
    expect(read('revenue in the last two weeks').text).toBe('revenue between 2026-11-15 and 2026-11-28');
    expect(read('customers in the past year').text).toBe('customers between 2025-11-29 and 2026-11-28');
    // A month shorter than the day: the window starts the day after that month's last day.
    expect(read('orders in the last 1 month', '2026-03-31').text).toBe(
      'orders between 2026-03-01 and 2026-03-31',
    );
  });

  it('reads periods to date, today and yesterday', () => {
    expect(read('revenue year to date').text).toBe('revenue between 2026-01-01 and 2026-11-28');
    expect(read('revenue YTD').text).toBe('revenue between 2026-01-01 and 2026-11-28');
    expect(read('sales so far this quarter').text).toBe('sales between 2026-10-01 and 2026-11-28');
    expect(read('How many orders today?').text).toBe('How many orders between 2026-11-28 and 2026-11-28?');
    expect(read('orders yesterday', '2026-03-01').text).toBe('orders between 2026-02-28 and 2026-02-28');
  });

  it('leaves vague and future periods, and everything without a date, as they were', () => {
    for (const text of ['orders recently', 'revenue next month', 'orders 3 days ago', 'the last order']) {
      expect(read(text)).toEqual({ text, periods: [] });
    }
    expect(readRelativePeriods('orders last year', null)).toEqual({ text: 'orders last year', periods: [] });
  });
});
