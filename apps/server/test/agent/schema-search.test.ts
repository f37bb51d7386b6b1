import type { SchemaInfo } from '@querent/contracts';
import { describe, expect, it } from 'vitest';
import { searchWords } from '../../src/agent/matching/words.ts';
import { SchemaIndex } from '../../src/agent/schema/schema-index.ts';
import { snapshotOf } from '../../src/agent/schema/schema-snapshot.ts';
import { listSchemaTables } from '../../src/agent/schema/schema-tables.ts';
import { makeSchema, makeTable } from '../helpers/schema-factories.ts';

const reference = (column: string, target: string) => ({
  name: null,
  columns: [column],
  references: { schema: 'main', table: target, columns: ['id'] },
});

const shop = makeSchema([
  makeTable('customer', ['id', 'name', 'country', 'created_at']),
  makeTable('product', ['id', 'name', 'unit_price', 'category_id'], {
    foreignKeys: [reference('category_id', 'category')],
  }),
  makeTable('category', ['id', 'name']),
  makeTable('orders', ['id', 'customer_id', 'ordered_at', 'status'], {
    foreignKeys: [reference('customer_id', 'customer')],
  }),
  makeTable('order_line', ['id', 'order_id', 'product_id', 'quantity', 'unit_price'], {
    foreignKeys: [reference('order_id', 'orders'), reference('product_id', 'product')],
  }),
  makeTable('cust_seg_v2', ['id', 'seg_cd'], { comment: 'Marketing segment of each customer' }),
  makeTable('artist', ['id', 'name']),
  makeTable('album', ['id', 'title']),
  makeTable('credit', ['id', 'who', 'what'], {
    foreignKeys: [reference('who', 'artist'), reference('what', 'album')],
  }),
  makeTable('fct_rev', ['id', 'amt'], {
    dbtDescription: 'Recognised revenue per invoice, in euros',
  }),
]);

const namesFor = (index: SchemaIndex, query: string, count = 3) =>
  index
    .search(query)
    .slice(0, count)
    .map((match) => match.entry.name);

describe('the words search compares', () => {
  it('splits names where a person reads them apart and makes plurals singular', () => {
    expect(searchWords('InvoiceLine unit_price HTTPStatus2024 Café')).toEqual([
      'invoice',
      'line',
      'unit',
      'price',
      'http',
      'status',
      '2024',
      'cafe',
    ]);
    expect(searchWords('Which customers placed the most orders in 2024?')).toEqual([
      'customer',
      'placed',
      'most',
      'order',
      '2024',
    ]);
    expect(searchWords('categories statuses boxes address')).toEqual([
      'category',
      'status',
      'box',
      'address',
    ]);
  });
});

describe('the schema search', () => {
  const index = new SchemaIndex(listSchemaTables(shop));

  it('ignores the words of a question that name no data', () => {
    expect(namesFor(index, 'show me all the customers please', 1)).toEqual(['customer']);
    expect(index.search('what are the of which')).toEqual([]);
  });

  it('weighs rare words above words every table has', () => {
    // "name" is in three tables, "country" in one: the country's table wins.
    expect(namesFor(index, 'name country', 1)).toEqual(['customer']);
  });

  it('reads comments and dbt descriptions, and abbreviations that start a word', () => {
    expect(namesFor(index, 'marketing segments', 1)).toEqual(['cust_seg_v2']);
    expect(namesFor(index, 'recognised revenue', 1)).toEqual(['fct_rev']);
    expect(namesFor(index, 'revenue', 1)).toEqual(['fct_rev']);
  });

  it('brings in the tables a join goes through, by their foreign keys', () => {
    // credit names neither word, but links artists to albums: it comes third, by its links alone.
    const found = index.search('artists and their albums');
    expect(
      found
        .slice(0, 2)
        .map((match) => match.entry.name)
        .sort(),
    ).toEqual(['album', 'artist']);
    expect(found[2]).toMatchObject({ entry: { name: 'credit' }, columns: [] });
    // A table whose columns name both sides ranks first: it is the join itself.
    expect(namesFor(index, 'orders products', 1)).toEqual(['order_line']);
  });

  it('reports the columns that matched, in table order', () => {
    const [best] = index.search('unit price quantity');
    expect(best?.entry.name).toBe('order_line');
    expect(best?.columns).toEqual(['quantity', 'unit_price']);
  });
});

describe('the schema snapshot', () => {
  it('keeps one summary and index per schema version, and a new version gets its own', () => {
    const first = snapshotOf(shop);
    const options = { focus: new Set<string>(), budgetTokens: 2000 };
    const summary = first.summary(options);
    expect(snapshotOf(shop)).toBe(first);
    expect(first.summary(options)).toBe(summary);
    expect(first.index).toBe(first.index);
    // A refreshed or edited schema is a new object: nothing of the old version is served.
    const changed: SchemaInfo = {
      ...shop,
      schemas: [{ name: 'main', tables: [...(shop.schemas[0]?.tables ?? []), makeTable('refund', ['id'])] }],
    };
    const second = snapshotOf(changed);
    expect(second).not.toBe(first);
    expect(second.summary(options).text).toContain('- refund');
    expect(summary.text).not.toContain('refund');
    expect(namesFor(second.index, 'refunds', 1)).toEqual(['refund']);
  });
});
