import { describe, expect, it } from 'vitest';
import { answerQuery, type QueryResult } from '../../src/llm/offline/answer-text.ts';
import type { AnswerSpec, QueryPlan } from '../../src/llm/offline/plan-types.ts';

/*
 * The figures the offline analyst writes into its answers, read by their column's kind: money
 * with two decimals and no floating-point noise, percentages with their sign, counts grouped,
 * years and ids as stored. The answer is stored and shared, so it is written one way (English);
 * the rows beside it keep the exact values.
 */

function plan(answer: AnswerSpec): QueryPlan {
  return { sql: 'SELECT 1', title: 'A query', answer, filters: [], notes: [], vocabulary: new Set() };
}

function result(columns: string[], rows: unknown[][]): QueryResult {
  return { error: null, embed: null, rowCount: rows.length, rows, columns };
}

/** The answer's first paragraph: the sentence with the figure. */
function lead(answer: AnswerSpec, ran: QueryResult): string {
  return answerQuery(plan(answer), ran).split('\n\n')[0] ?? '';
}

describe('figures in the offline analyst’s answers', () => {
  it('writes money with two decimals and without floating-point noise', () => {
    const text = lead(
      {
        kind: 'grouped',
        aggregate: 'sum',
        measure: 'unit_price × quantity',
        subject: 'order_lines',
        dimension: 'product',
        labels: ['product'],
        value: 'sum_unit_price_x_quantity',
        limit: 5,
        direction: 'desc',
      },
      result(
        ['product', 'sum_unit_price_x_quantity'],
        [
          ['Vintage Mouse', 62274.630000000005],
          ['Nordic Mouse', 56170.62],
        ],
      ),
    );
    expect(text).toBe(
      'Top 2 product by total of `unit_price × quantity` in `order_lines`: **Vintage Mouse** comes first with **62,274.63**.',
    );
    const average = lead(
      { kind: 'scalar', aggregate: 'avg', measure: 'unit_price', subject: 'products', scale: null },
      result(['avg_unit_price'], [[25.5]]),
    );
    expect(average).toContain('is **25.50**.');
  });

  it('keeps years and ids as stored and groups counts', () => {
    const text = lead(
      {
        kind: 'grouped',
        aggregate: 'count',
        measure: null,
        subject: 'orders',
        dimension: 'year of ordered_at',
        labels: ['year'],
        value: 'orders_count',
        limit: null,
        direction: 'desc',
      },
      result(
        ['year', 'orders_count'],
        [
          [2022, 7235],
          [2024, 12754],
        ],
      ),
    );
    expect(text).toContain('from **2022** (**7,235**) to **2024** (**12,754**)');
    const ranked = lead(
      {
        kind: 'ranked',
        subject: 'orders',
        column: 'total_amount',
        labels: ['order_id'],
        dated: false,
        direction: 'desc',
        limit: 1,
      },
      result(['order_id', 'total_amount'], [[29981, 1234.5]]),
    );
    expect(ranked).toContain('**order_id 29981** with **1,234.50**');
  });

  it('writes a share as a percentage, and text labels as stored', () => {
    const text = lead(
      {
        kind: 'share',
        subject: 'orders',
        measure: null,
        part: null,
        dimension: 'status',
        labels: ['status'],
        value: 'percent_of_orders',
      },
      result(['status', 'percent_of_orders'], [['007', 33.333333333333336]]),
    );
    expect(text).toContain('**007** is highest with **33.33%**');
  });
});
