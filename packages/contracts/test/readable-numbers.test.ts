import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber, type NumberKind, numberKindOf, splitColumnWords } from '../src/index.ts';

/*
 * The one rule for numbers people read: which kind a column is, from its name and type, and how
 * each kind reads in a locale. The properties check that reading a formatted number back gives
 * the value within the precision shown, in locales that write numbers differently.
 */

const locales = ['en-US', 'de-DE', 'fr-FR', 'de-CH', 'en-IN', 'es-ES', 'sv-SE', 'pt-BR'];

/** The characters `locale` writes as group and decimal separators, read from Intl itself. */
function separators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

/** A formatted number read back as a person would: groups dropped, the decimal mark a point. */
function parseShown(text: string, locale: string): number {
  const { group, decimal } = separators(locale);
  const plain = text
    .replaceAll(group, '')
    .replace(/[\s\u00a0\u202f%]/g, '')
    .replace('\u2212', '-')
    .replace(decimal, '.');
  expect(plain, `${text} (${locale})`).toMatch(/^-?\d+(\.\d+)?$/);
  return Number(plain);
}

/**
 * The largest error rounding may make: half of the last digit shown (two decimals or three
 * significant), plus what a double cannot hold (its last bits, and values next to underflow).
 */
function allowedError(value: number): number {
  const magnitude = Math.abs(value);
  const significant = magnitude === 0 ? 0 : 0.5 * 10 ** (Math.floor(Math.log10(magnitude)) - 2);
  return Math.min(0.005, significant) + magnitude * 1e-15 + 1e-300;
}

const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 });
const locale = fc.constantFrom(...locales);

describe('numberKindOf', () => {
  it.each<[string, NumberKind]>([
    ['id', 'identifier'],
    ['customer_id', 'identifier'],
    ['ArtistId', 'identifier'],
    ['customerID', 'identifier'],
    ['country_code', 'identifier'],
    ['year', 'identifier'],
    ['order_year', 'identifier'],
    ['YEAR', 'identifier'],
    ['year_month', 'identifier'],
    ['extract', 'identifier'],
    ['date_part', 'identifier'],
    ['year(ordered_at)', 'identifier'],
    ["strftime('%Y', ordered_at)", 'identifier'],
    ['order_number', 'identifier'],
    ['phone_number', 'identifier'],
    ['isbn13', 'identifier'],
    ['revenue_2024', 'money'],
    ['unit_price', 'money'],
    ['UnitPrice', 'money'],
    ['sum_unit_price_x_quantity', 'money'],
    ['total_amount', 'money'],
    ['sum_total_amount_thousands', 'money'],
    ['Total', 'money'],
    ['revenue', 'money'],
    ['avg_cost', 'money'],
    ['price_cents', 'measure'],
    ['percent_of_orders', 'percent'],
    ['share_pct', 'percent'],
    ['% of total', 'percent'],
    ['Percentage', 'percent'],
    ['orders_count', 'measure'],
    ['count', 'measure'],
    ['count(*)', 'measure'],
    ['number_of_orders', 'measure'],
    ['n_customers', 'measure'],
    ['count_customer_id', 'measure'],
    ['revenue_per_year', 'money'],
    ['orders_per_year', 'measure'],
    ['quantity', 'measure'],
    ['total_quantity', 'measure'],
    ['conversion_rate', 'measure'],
    ['price_ratio', 'measure'],
    ['revenue_share', 'measure'],
    ['answer', 'measure'],
    ['Milliseconds', 'measure'],
  ])('%s is %s', (name, kind) => {
    expect(numberKindOf({ name })).toBe(kind);
  });

  it('takes a schema key and MySQL’s year type as identifiers, but a count stays a measure', () => {
    expect(numberKindOf({ name: 'InvoiceLine', key: true })).toBe('identifier');
    expect(numberKindOf({ name: 'born', type: 'year' })).toBe('identifier');
    expect(numberKindOf({ name: 'count', key: true })).toBe('measure');
  });

  it('splits camel case, snake case, digits and punctuation into words', () => {
    expect(splitColumnWords('InvoiceLineID')).toEqual(['invoice', 'line', 'id']);
    expect(splitColumnWords('q1_Revenue2024')).toEqual(['q', '1', 'revenue', '2024']);
    expect(splitColumnWords('% of total')).toEqual(['of', 'total']);
  });
});

describe('formatNumber', () => {
  it('reads the demo’s top product revenue without floating-point noise', () => {
    expect(formatNumber(62274.630000000005, 'money', 'en-US')).toBe('62,274.63');
    expect(formatNumber(62274.630000000005, 'measure', 'en-US')).toBe('62,274.63');
    expect(formatNumber(62274.630000000005, 'money', 'de-DE')).toBe('62.274,63');
    expect(formatNumber(62274.630000000005, 'money', 'fr-FR')).toBe('62\u202f274,63');
  });

  it('shows integers as integers, small values with three significant digits', () => {
    expect(formatNumber(65213, 'measure', 'en-US')).toBe('65,213');
    expect(formatNumber(0.30000000000000004, 'measure', 'en-US')).toBe('0.3');
    expect(formatNumber(0.000123456, 'measure', 'en-US')).toBe('0.000123');
    expect(formatNumber(-0.0001, 'measure', 'en-US')).toBe('-0.0001');
    expect(formatNumber(-0, 'measure', 'en-US')).toBe('0');
    expect(formatNumber(1234.5678, 'measure', 'en-US')).toBe('1,234.57');
  });

  it('gives money two decimals and no currency symbol; under a cent it keeps its digits', () => {
    expect(formatNumber(5, 'money', 'en-US')).toBe('5.00');
    expect(formatNumber(0.99, 'money', 'en-US')).toBe('0.99');
    expect(formatNumber(-1234.5, 'money', 'en-US')).toBe('-1,234.50');
    expect(formatNumber(0.000123, 'money', 'en-US')).toBe('0.000123');
  });

  it('writes percentages as the locale does', () => {
    expect(formatNumber(12.5, 'percent', 'en-US')).toBe('12.5%');
    expect(formatNumber(33.333333, 'percent', 'en-US')).toBe('33.33%');
    expect(formatNumber(12.5, 'percent', 'de-DE')).toBe('12,5\u00a0%');
  });

  it('keeps identifiers and years as stored', () => {
    expect(formatNumber(2024, 'identifier', 'en-US')).toBe('2024');
    expect(formatNumber(1234567, 'identifier', 'de-DE')).toBe('1234567');
    expect(formatNumber('00123', 'identifier', 'en-US')).toBe('00123');
  });

  it('formats exact decimal text without rounding it through a double', () => {
    expect(formatNumber('12345678901234567890', 'measure', 'en-US')).toBe('12,345,678,901,234,567,890');
    expect(formatNumber('1.005', 'money', 'en-US')).toBe('1.01');
    expect(formatNumber(12345678901234567890n, 'measure', 'en-US')).toBe('12,345,678,901,234,567,890');
  });

  it('leaves what is no number to the caller', () => {
    for (const value of [null, undefined, 'Vintage Mouse', '2024-03-15', true, Number.NaN, { a: 1 }])
      expect(formatNumber(value, 'measure', 'en-US')).toBeNull();
  });

  it('falls back to the default locale for a tag the runtime refuses', () => {
    expect(formatNumber(1, 'measure', 'not a locale!')).toBe('1');
  });
});

describe('formatNumber properties', () => {
  it('reads back as the value within the precision shown, in every locale', () => {
    fc.assert(
      fc.property(finite, locale, (value, tag) => {
        const shown = formatNumber(value, 'measure', tag) ?? '';
        expect(Math.abs(parseShown(shown, tag) - value)).toBeLessThanOrEqual(allowedError(value));
      }),
    );
  });

  it('reads integers back exactly', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), locale, (value, tag) => {
        expect(parseShown(formatNumber(value, 'measure', tag) ?? '', tag)).toBe(value);
      }),
    );
  });

  it('gives money exactly two decimals within half a cent', () => {
    fc.assert(
      fc.property(
        finite.filter((value) => Math.abs(value) >= 0.01),
        locale,
        (value, tag) => {
          const shown = formatNumber(value, 'money', tag) ?? '';
          const { decimal } = separators(tag);
          expect(shown.slice(shown.lastIndexOf(decimal) + 1)).toMatch(/^\d\d$/);
          expect(Math.abs(parseShown(shown, tag) - value)).toBeLessThanOrEqual(
            0.005 + Math.abs(value) * 1e-15,
          );
        },
      ),
    );
  });

  it('reads percentages back within the precision shown', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), locale, (value, tag) => {
        const shown = formatNumber(value, 'percent', tag) ?? '';
        expect(shown).toContain('%');
        expect(Math.abs(parseShown(shown, tag) - value)).toBeLessThanOrEqual(allowedError(value) * 1.0001);
      }),
    );
  });

  it('keeps an identifier’s exact value, as copy and export do', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), finite), locale, (value, tag) => {
        const shown = formatNumber(value, 'identifier', tag) ?? '';
        expect(shown).toBe(String(value));
        // Numerically equal: -0 is stored, and read back, as 0.
        expect(Number(shown) === value).toBe(true);
      }),
    );
  });

  it('keeps every digit of integer text beyond a double’s precision', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{0,29}$/), locale, (digits, tag) => {
        const { group } = separators(tag);
        const shown = formatNumber(digits, 'measure', tag) ?? '';
        expect(shown.replaceAll(group, '')).toBe(digits);
      }),
    );
  });
});
