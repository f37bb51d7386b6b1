import { metricQuerySchema } from '@querent/contracts';
import { describe, expect, it } from 'vitest';
import { compileMetricQuery } from '../../src/semantic/compile-metric-query.ts';
import { shopModel } from './shop-model.ts';

/* Snowflake and BigQuery have no local server: the SQL text is checked for their spellings. */

const query = metricQuerySchema.parse({
  metrics: ['paid_share', 'revenue_last_3_months'],
  dimensions: [{ dimension: 'ordered_at', grain: 'week' }],
  filters: [{ dimension: 'coupon', operator: '=', values: ["it's"] }],
});

describe('semantic compiler SQL for Snowflake and BigQuery', () => {
  it('writes Snowflake weeks from Monday, quoted lower-case aliases and DATEADD windows', () => {
    const { sql } = compileMetricQuery(shopModel(), query, 'snowflake');
    expect(sql).toContain('DATEADD(day, 1 - DAYOFWEEKISO(');
    expect(sql).toContain('DATEADD(month, -3, p."g0")');
    // The model's names are the database's own spelling: lower case stays so, quoted.
    expect(sql).toContain('"ordered_at" AS "d_ordered_at"');
    expect(sql).toContain(`"orders"."d_coupon" = 'it''s'`);
    expect(sql).toContain('(CAST("m0" AS DOUBLE) / NULLIF("m1", 0)) AS "paid_share"');
  });

  it('writes BigQuery ISO weeks, backtick quoting and backslash-escaped strings', () => {
    const { sql } = compileMetricQuery(shopModel(), query, 'bigquery');
    expect(sql).toContain('DATE_TRUNC(DATE(orders.d_ordered_at), ISOWEEK)');
    expect(sql).toContain('DATE_ADD(p.g0, INTERVAL -3 MONTH)');
    expect(sql).toContain("orders.d_coupon = 'it\\'s'");
    expect(sql).toContain('(CAST(m0 AS FLOAT64) / NULLIF(m1, 0)) AS paid_share');
    // GoogleSQL refuses a UNION that says neither ALL nor DISTINCT.
    expect(sql).toContain(' UNION ALL ');
    expect(sql).not.toMatch(/\bUNION\b(?!\s+(?:ALL|DISTINCT)\b)/);
  });
});
