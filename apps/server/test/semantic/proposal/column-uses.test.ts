import { type Dataset, semanticModelSchema } from '@querent/contracts';
import { describe, expect, it } from 'vitest';
import type { ColumnProfileEntry } from '../../../src/semantic/proposal/column-profiles.ts';
import { proposeSemanticModel } from '../../../src/semantic/proposal/propose-model.ts';
import { schemaOf, type TableSpec } from './schema-builder.ts';

/*
 * What each column becomes: numbers that identify, locate, order or date something are never
 * measures; abbreviated names read as words; text with few values is a category with its values
 * as samples; dates kept as text are found by their names.
 */

function propose(spec: TableSpec, profiles: ColumnProfileEntry[] = []): Dataset {
  const model = proposeSemanticModel({ schema: schemaOf([spec]), profiles });
  semanticModelSchema.parse(model);
  const [dataset] = model.datasets;
  if (!dataset) throw new Error('No dataset proposed');
  return dataset;
}

const measureColumns = (dataset: Dataset) =>
  dataset.measures.flatMap((m) => (m.expression && 'column' in m.expression ? [m.expression.column] : []));

describe('numeric columns', () => {
  const dataset = propose({
    name: 'SALES_FACT',
    columns: [
      ['SALE_ID', 'integer'],
      ['STORE_CODE', 'integer'],
      ['ZIP', 'integer'],
      ['POSTCODE', 'integer'],
      ['PHONE_NO', 'bigint'],
      ['INVOICE_NBR', 'integer'],
      ['FISCAL_YEAR', 'smallint'],
      ['BIRTH_YR', 'integer'],
      ['IS_RETURN', 'smallint'],
      ['PROMO_FLAG', 'integer'],
      ['SORT_ORDER', 'integer'],
      ['LATITUDE', 'double precision'],
      ['STATUS_CODE', 'integer'],
      ['ORDER_TYPE', 'integer'],
      ['QTY', 'integer'],
      ['NET_AMT', 'decimal(12,2)'],
      ['TAX_PCT', 'real'],
      ['NUM_ITEMS', 'integer'],
      ['LEAD_TIME_DAYS', 'integer'],
      ['RATING', 'real'],
      ['KEY_ACCOUNT_REVENUE', 'numeric'],
      ['ZIP_PLUS4', 'integer'],
      ['CREATED_AT', 'bigint'],
      ['UPDATED_TS', 'bigint'],
    ],
    primaryKey: ['SALE_ID'],
  });

  it('measures only what adds up or averages', () => {
    expect(measureColumns(dataset)).toEqual([
      'QTY',
      'NET_AMT',
      'TAX_PCT',
      'NUM_ITEMS',
      'LEAD_TIME_DAYS',
      'LEAD_TIME_DAYS',
      'RATING',
      'KEY_ACCOUNT_REVENUE',
    ]);
    expect(dataset.measures.map((m) => `${m.aggregation}:${m.name}`)).toEqual([
      'count:sales_fact_count',
      'sum:qty',
      'sum:net_amt',
      'avg:avg_tax_pct',
      'sum:num_items',
      'sum:lead_time_days',
      'avg:avg_lead_time_days',
      'avg:avg_rating',
      'sum:key_account_revenue',
    ]);
  });

  it('groups by years, flags and numeric kinds instead of adding them up', () => {
    expect(dataset.dimensions.map((d) => `${d.type}:${d.name}`)).toEqual([
      'number:fiscal_year',
      'number:birth_yr',
      'categorical:is_return',
      'categorical:promo_flag',
      'categorical:status_code',
      'categorical:order_type',
    ]);
  });

  it('labels abbreviated names in words and keeps the abbreviation as a synonym', () => {
    const quantity = dataset.measures.find((m) => m.name === 'qty');
    expect(quantity).toMatchObject({ label: 'Quantity', synonyms: ['qty', 'quantities'] });
    expect(dataset.measures.find((m) => m.name === 'net_amt')).toMatchObject({ label: 'Net amount' });
    expect(dataset.dimensions.find((d) => d.name === 'birth_yr')).toMatchObject({ label: 'Birth year' });
    // A warehouse's "_FACT" says what kind of table it is, not what it holds.
    expect(dataset.label).toBe('Sale');
  });

  it('proposes metrics for money and quantities, not for rates or counts of other things', () => {
    const model = proposeSemanticModel({
      schema: schemaOf([
        {
          name: 'SALES_FACT',
          columns: [
            ['SALE_ID', 'integer'],
            ['QTY', 'integer'],
            ['NET_AMT', 'numeric'],
          ],
          primaryKey: ['SALE_ID'],
        },
      ]),
    });
    expect(model.metrics.map((m) => [m.name, m.label])).toEqual([
      ['sales_fact_count', 'Number of sales'],
      ['sales_fact_qty', 'Sale quantity'],
      ['sales_fact_net_amt', 'Sale net amount'],
    ]);
  });
});

describe('text and dates', () => {
  const spec: TableSpec = {
    name: 'tickets',
    columns: [
      ['ticket_id', 'TEXT'],
      ['created_dt', 'TEXT'],
      ['ClosedAt', 'TEXT'],
      ['Due Date', 'varchar(10)'],
      ['dob', 'text'],
      ['priority', 'text'],
      ['channel', 'text'],
      ['agent_note', 'text'],
      ['contact_email', 'text'],
      ['subject', 'text'],
      ['cust_nm', 'text'],
      ['resolved', 'boolean'],
      ['payload', 'jsonb'],
    ],
    primaryKey: ['ticket_id'],
  };

  it('finds dates kept as text by their names, in any style', () => {
    const dataset = propose(spec);
    expect(dataset.dimensions.filter((d) => d.type === 'time').map((d) => d.name)).toEqual([
      'created_dt',
      'closed_at',
      'due_date',
      'dob',
    ]);
    expect(dataset.dimensions.find((d) => d.name === 'dob')?.label).toBe('Date of birth');
  });

  it('makes categories of text named as one, and of text with few values when profiled, with those values', () => {
    const without = propose(spec);
    expect(without.dimensions.filter((d) => d.type === 'categorical').map((d) => d.name)).toEqual([
      'priority',
      'channel',
      'cust_nm',
    ]);
    const profiled = propose(spec, [
      {
        schema: 'public',
        table: 'tickets',
        column: 'subject',
        distinctCount: 4,
        topValues: ['Refund', 'Login', 'Bug', 'Other'],
      },
      {
        schema: 'public',
        table: 'tickets',
        column: 'channel',
        distinctCount: 3,
        topValues: ['email', 'phone', 'chat'],
      },
      { schema: 'public', table: 'tickets', column: 'priority', distinctCount: 900, topValues: [] },
      { schema: 'public', table: 'tickets', column: 'agent_note', distinctCount: 5, topValues: ['ok'] },
    ]);
    const categories = profiled.dimensions.filter((d) => d.type === 'categorical');
    expect(categories.map((d) => [d.name, d.sampleValues])).toEqual([
      ['priority', []],
      ['channel', ['email', 'phone', 'chat']],
      ['subject', ['Refund', 'Login', 'Bug', 'Other']],
      ['cust_nm', []],
    ]);
    expect(profiled.dimensions.find((d) => d.name === 'cust_nm')).toMatchObject({
      label: 'Customer name',
      synonyms: ['cust nm', 'customer names'],
    });
  });

  it('makes booleans boolean dimensions and leaves out notes, emails and JSON', () => {
    const dataset = propose(spec);
    expect(dataset.dimensions.find((d) => d.name === 'resolved')?.type).toBe('boolean');
    const names = dataset.dimensions.map((d) => d.name);
    for (const left of ['agent_note', 'contact_email', 'payload', 'ticket_id'])
      expect(names).not.toContain(left);
  });
});
