import { semanticModelSchema } from '@querent/contracts';
import { describe, expect, it } from 'vitest';
import { proposeSemanticModel } from '../../../src/semantic/proposal/propose-model.ts';
import { schemaOf, type TableSpec, withoutForeignKeys } from './schema-builder.ts';

/*
 * One small shop written in every naming style people use (snake_case, PascalCase, camelCase,
 * SCREAMING_CASE, words with spaces, words run together in one case), with its foreign keys declared or not: the proposal is the
 * same model, names and all, whatever the style.
 */

type Style = (words: string[]) => string;
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const styles: Record<string, Style> = {
  snake_case: (words) => words.join('_'),
  PascalCase: (words) => words.map(capital).join(''),
  camelCase: (words) => words.map((word, index) => (index === 0 ? word : capital(word))).join(''),
  SCREAMING_CASE: (words) => words.join('_').toUpperCase(),
  'with spaces': (words) => words.map(capital).join(' '),
  // PascalCase loaded unquoted: Snowflake raises it to upper case, PostgreSQL lowers it.
  RUNTOGETHER: (words) => words.join('').toUpperCase(),
  runtogether: (words) => words.join(''),
};

function shop(style: Style): TableSpec[] {
  const n = (text: string) => style(text.split(' '));
  return [
    {
      name: n('customers'),
      columns: [
        [n('customer id'), 'integer'],
        [n('first name'), 'varchar(100)'],
        [n('last name'), 'varchar(100)'],
        [n('email'), 'varchar(200)'],
        [n('country'), 'varchar(50)'],
        [n('signup date'), 'date'],
        [n('is active'), 'boolean'],
        [n('zip code'), 'integer'],
        [n('phone number'), 'bigint'],
      ],
      primaryKey: [n('customer id')],
    },
    {
      name: n('products'),
      columns: [
        [n('product id'), 'integer'],
        [n('product name'), 'text'],
        [n('category'), 'text'],
        [n('unit price'), 'numeric(10,2)'],
        [n('sku code'), 'integer'],
      ],
      primaryKey: [n('product id')],
    },
    {
      name: n('orders'),
      columns: [
        [n('order id'), 'integer'],
        [n('customer id'), 'integer'],
        [n('order date'), 'timestamp'],
        [n('status'), 'varchar(20)'],
        [n('total amount'), 'numeric(12,2)'],
      ],
      primaryKey: [n('order id')],
      foreignKeys: [{ columns: [n('customer id')], table: n('customers'), to: [n('customer id')] }],
    },
    {
      name: n('order lines'),
      columns: [
        [n('order id'), 'integer'],
        [n('line number'), 'integer'],
        [n('product id'), 'integer'],
        [n('quantity'), 'integer'],
        [n('unit price'), 'numeric(10,2)'],
        [n('discount rate'), 'real'],
      ],
      primaryKey: [n('order id'), n('line number')],
      foreignKeys: [
        { columns: [n('order id')], table: n('orders'), to: [n('order id')] },
        { columns: [n('product id')], table: n('products'), to: [n('product id')] },
      ],
    },
  ];
}

const sorted = (names: string[]) => [...names].sort();

describe.each(Object.entries(styles))('a shop written in %s', (_styleName, style) => {
  for (const declared of [true, false]) {
    describe(declared ? 'with its foreign keys declared' : 'with no foreign key declared', () => {
      const schema = declared ? schemaOf(shop(style)) : withoutForeignKeys(schemaOf(shop(style)));
      const model = proposeSemanticModel({ schema });
      const dataset = (name: string) => {
        const found = model.datasets.find((candidate) => candidate.name === name);
        if (!found) throw new Error(`No dataset ${name}`);
        return found;
      };

      it('is a valid semantic model', () => {
        expect(semanticModelSchema.parse(model)).toEqual(model);
      });

      it('makes each keyed table a dataset named in singular snake_case words, labelled in words', () => {
        expect(sorted(model.datasets.map((d) => d.name))).toEqual([
          'customer',
          'order',
          'order_line',
          'product',
        ]);
        expect(dataset('order_line').label).toBe('Order line');
        expect(dataset('order_line').synonyms).toContain('order lines');
        expect(dataset('order_line').source).toEqual({ schema: 'public', table: style(['order', 'lines']) });
        expect(dataset('order_line').primaryKey).toEqual([style(['order', 'id']), style(['line', 'number'])]);
      });

      it('joins the datasets many to one from the referring side', () => {
        expect(
          model.relationships.map((r) => [
            r.name,
            r.from.dataset,
            r.to.dataset,
            r.cardinality,
            r.from.columns,
          ]),
        ).toEqual([
          ['order_customer', 'order', 'customer', 'many_to_one', [style(['customer', 'id'])]],
          ['order_line_order', 'order_line', 'order', 'many_to_one', [style(['order', 'id'])]],
          ['order_line_product', 'order_line', 'product', 'many_to_one', [style(['product', 'id'])]],
        ]);
        for (const relationship of model.relationships) {
          if (declared) expect(relationship.description).toBeNull();
          else expect(relationship.description).toMatch(/^Inferred from the column name/);
        }
      });

      it('measures amounts, quantities and prices, and never keys, codes, postal codes or phone numbers', () => {
        const measures = (name: string) => dataset(name).measures.map((m) => `${m.aggregation}:${m.name}`);
        expect(measures('customer')).toEqual(['count:customer_count']);
        expect(measures('product')).toEqual(['count:product_count', 'sum:unit_price', 'avg:avg_unit_price']);
        expect(measures('order')).toEqual(['count:order_count', 'sum:total_amount']);
        expect(measures('order_line')).toEqual([
          'count:order_line_count',
          'sum:quantity',
          'sum:unit_price',
          'avg:avg_unit_price',
          'avg:avg_discount_rate',
        ]);
        expect(dataset('order').measures[1]).toMatchObject({
          label: 'Total amount',
          expression: { column: style(['total', 'amount']) },
        });
      });

      it('reads dates as time dimensions, flags as booleans and names and kinds as categories', () => {
        const dimensions = (name: string) => dataset(name).dimensions.map((d) => `${d.type}:${d.name}`);
        expect(dimensions('customer')).toEqual([
          'categorical:first_name',
          'categorical:last_name',
          'categorical:country',
          'time:signup_date',
          'boolean:is_active',
        ]);
        expect(dimensions('order')).toEqual(['time:order_date', 'categorical:status']);
        expect(dimensions('product')).toEqual(['categorical:product_name', 'categorical:category']);
        expect(dimensions('order_line')).toEqual([]);
        expect(dataset('order').dimensions[0]?.timeGrains).toEqual([
          'day',
          'week',
          'month',
          'quarter',
          'year',
        ]);
      });

      it('proposes a count per dataset and a sum (an average, for prices) of each money measure', () => {
        expect(model.metrics.map((m) => [m.name, m.type === 'simple' ? m.measure : null])).toEqual([
          ['customer_count', 'customer.customer_count'],
          ...(style(['order', 'lines']) < style(['orders'])
            ? [
                ['order_line_count', 'order_line.order_line_count'],
                ['order_line_quantity', 'order_line.quantity'],
                ['order_line_avg_unit_price', 'order_line.avg_unit_price'],
                ['order_count', 'order.order_count'],
                ['order_total_amount', 'order.total_amount'],
              ]
            : [
                ['order_count', 'order.order_count'],
                ['order_total_amount', 'order.total_amount'],
                ['order_line_count', 'order_line.order_line_count'],
                ['order_line_quantity', 'order_line.quantity'],
                ['order_line_avg_unit_price', 'order_line.avg_unit_price'],
              ]),
          ['product_count', 'product.product_count'],
          ['product_avg_unit_price', 'product.avg_unit_price'],
        ]);
        for (const metric of model.metrics) expect(metric).toMatchObject({ certified: null, owner: null });
      });
    });
  }
});
