import { describe, expect, it } from 'vitest';
import { labelOf, readName, subjectWords, synonymsOf } from '../../../src/semantic/proposal/name-reading.ts';
import { NameScope, snakeName } from '../../../src/semantic/proposal/semantic-names.ts';

/*
 * Names read as words whatever their style, abbreviations spelled out for labels and kept as
 * synonyms, and the model's snake_case names: valid, at most 64 characters, unique in a scope.
 */

describe('readName', () => {
  it.each([
    ['unit_price', ['unit', 'price']],
    ['UnitPrice', ['unit', 'price']],
    ['unitPrice', ['unit', 'price']],
    ['UNIT_PRICE', ['unit', 'price']],
    ['Unit Price', ['unit', 'price']],
    ['unit-price', ['unit', 'price']],
    ['InvoiceLineID', ['invoice', 'line', 'id']],
    ['Café Name', ['cafe', 'name']],
  ])('splits %s into words', (name, words) => {
    expect(readName(name).written).toEqual(words);
  });

  it.each([
    ['qty', ['quantity']],
    ['net_amt', ['net', 'amount']],
    ['prod_desc', ['product', 'description']],
    ['cust_no', ['customer', 'number']],
    ['no_of_items', ['number', 'of', 'items']],
    ['no_show', ['no', 'show']],
    ['order_dt', ['order', 'date']],
    ['ShipAddr', ['ship', 'address']],
    ['EmpNbr', ['employee', 'number']],
    ['dob', ['date', 'of', 'birth']],
  ])('spells out the abbreviations of %s', (name, words) => {
    expect(readName(name).words).toEqual(words);
  });
});

describe('subjectWords', () => {
  it.each([
    ['fct_orders', ['orders']],
    ['DIM_CUSTOMER', ['customer']],
    ['sales_fact', ['sales']],
    ['tbl_users', ['users']],
    ['vw_revenue', ['revenue']],
    ['page_view', ['page', 'view']],
    ['fact', ['fact']],
    ['invoice_lines', ['invoice', 'lines']],
  ])('reads what %s holds', (name, words) => {
    expect(subjectWords(readName(name).words)).toEqual(words);
  });
});

describe('labels and synonyms', () => {
  it('writes labels in sentence case, with acronyms in capitals', () => {
    expect(labelOf(['unit', 'price'])).toBe('Unit price');
    expect(labelOf(['customer', 'id'])).toBe('Customer ID');
    expect(labelOf(['url'])).toBe('URL');
  });

  it('offers the name as written, and the singular and plural, never the label again', () => {
    expect(synonymsOf(readName('qty'), 'Quantity')).toEqual(['qty', 'quantities']);
    expect(synonymsOf(readName('OrderLines'), 'Order line')).toEqual(['order lines']);
    expect(synonymsOf(readName('cust_addr'), 'Customer address')).toEqual([
      'cust addr',
      'customer addresses',
    ]);
  });

  it('offers the kindred words of pay, and the name without the unit it ends with', () => {
    const pay = synonymsOf(readName('Annual Pay'), 'Annual pay');
    expect(pay).toEqual(expect.arrayContaining(['salary', 'annual salary', 'wage', 'pay']));
    expect(synonymsOf(readName('SALARY_AMT'), 'Salary amount')).toEqual(
      expect.arrayContaining(['salary', 'pay amount']),
    );
    expect(synonymsOf(readName('WEIGHT_KG'), 'Weight kg')).toContain('weight');
    expect(synonymsOf(readName('tms'), 'Timestamp')).toEqual(['tms', 'timestamps']);
  });
});

describe('snakeName and NameScope', () => {
  it('makes valid model names', () => {
    expect(snakeName(['Invoice', 'Lines'], 'x')).toBe('invoice_lines');
    expect(snakeName(['order_line', 'count'], 'x')).toBe('order_line_count');
    expect(snakeName(['2024', 'sales'], 'x')).toBe('n_2024_sales');
    expect(snakeName(['Ünïcode'], 'fallback')).toBe('unicode');
    expect(snakeName(['日本'], 'fallback')).toBe('fallback');
    expect(
      snakeName(
        Array.from({ length: 20 }, () => 'word'),
        'x',
      ),
    ).toHaveLength(64);
  });

  it('hands out each name once, with a suffix for the next', () => {
    const scope = new NameScope();
    expect([scope.claim('total'), scope.claim('total'), scope.claim('total')]).toEqual([
      'total',
      'total_2',
      'total_3',
    ]);
    const long = 'a'.repeat(64);
    expect(scope.claim(long)).toBe(long);
    expect(scope.claim(long)).toBe(`${'a'.repeat(62)}_2`);
  });
});
