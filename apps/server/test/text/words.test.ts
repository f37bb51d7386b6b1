import { describe, expect, it } from 'vitest';
import { searchWords } from '../../src/agent/matching/words.ts';
import { memoryWords } from '../../src/agent/memory-relevance.ts';
import { identifierWords, tokenize } from '../../src/llm/offline/words.ts';
import { entityNameOf } from '../../src/modules/quality/scan/entity-name.ts';
import { foldWord, nameWords, plural, separateCase, singular, splitWords } from '../../src/text/words.ts';

describe('singular', () => {
  it('makes regular plurals singular by their ending', () => {
    const plurals: Record<string, string> = {
      customers: 'customer',
      invoices: 'invoice',
      categories: 'category',
      countries: 'country',
      companies: 'company',
      addresses: 'address',
      classes: 'class',
      boxes: 'box',
      taxes: 'tax',
      branches: 'branch',
      dishes: 'dish',
      buzzes: 'buzz',
      statuses: 'status',
      bonuses: 'bonus',
      buses: 'bus',
      houses: 'house',
      warehouses: 'warehouse',
      courses: 'course',
      purchases: 'purchase',
      responses: 'response',
      sizes: 'size',
      ties: 'tie',
    };
    for (const [plural, one] of Object.entries(plurals)) expect(singular(plural), plural).toBe(one);
  });

  it('knows the plurals an ending would get wrong', () => {
    const plurals: Record<string, string> = {
      people: 'person',
      children: 'child',
      women: 'woman',
      mice: 'mouse',
      movies: 'movie',
      cookies: 'cookie',
      analyses: 'analysis',
      indices: 'index',
      matrices: 'matrix',
      criteria: 'criterion',
      leaves: 'leaf',
      shelves: 'shelf',
      knives: 'knife',
      aliases: 'alias',
      caches: 'cache',
      quizzes: 'quiz',
      ids: 'id',
    };
    for (const [plural, one] of Object.entries(plurals)) expect(singular(plural), plural).toBe(one);
  });

  it('leaves alone a word that is already singular, only looks plural, or is too short to tell', () => {
    for (const word of [
      'customer',
      'status',
      'address',
      'analysis',
      'series',
      'species',
      'news',
      'data',
      'media',
      'metrics',
      'statistics',
      'alias',
      'canvas',
      'bus',
      'gas',
      'its',
      'is',
      '',
      '2024',
    ]) {
      expect(singular(word), word).toBe(word);
    }
  });

  it('answers the same word on both sides of a comparison, as many times as it is asked', () => {
    for (const word of ['movies', 'categories', 'statuses', 'people', 'boxes', 'leaves', 'addresses']) {
      expect(singular(singular(word)), word).toBe(singular(word));
    }
  });

  it('is not fooled by the names of an object’s own properties', () => {
    expect(singular('constructor')).toBe('constructor');
    expect(singular('toString')).toBe('toString');
  });
});

describe('plural', () => {
  it('makes singular nouns plural by their ending, and knows the irregular ones', () => {
    const plurals: Record<string, string> = {
      customer: 'customers',
      category: 'categories',
      day: 'days',
      box: 'boxes',
      address: 'addresses',
      branch: 'branches',
      status: 'statuses',
      bus: 'buses',
      tax: 'taxes',
      person: 'people',
      child: 'children',
      analysis: 'analyses',
      alias: 'aliases',
      index: 'indices',
      id: 'ids',
      leaf: 'leaves',
      quiz: 'quizzes',
    };
    for (const [one, many] of Object.entries(plurals)) expect(plural(one), one).toBe(many);
  });

  it('leaves plurals and nouns without a plural unchanged', () => {
    for (const word of ['customers', 'people', 'sales', 'series', 'news', 'data'])
      expect(plural(word)).toBe(word);
  });

  it('comes back to the same word through singular', () => {
    for (const word of ['invoice', 'track', 'company', 'class', 'match', 'wife', 'person']) {
      expect(singular(plural(word)), word).toBe(word);
    }
  });
});

describe('splitWords', () => {
  it('splits a name in every style into the same words', () => {
    const styles = [
      'order_details',
      'orderDetails',
      'OrderDetails',
      'Order Details',
      'order-details',
      'ORDER_DETAILS',
    ];
    for (const name of styles) {
      expect(
        splitWords(name).map((word) => word.toLowerCase()),
        name,
      ).toEqual(['order', 'details']);
    }
    expect(splitWords('schema.table_name')).toEqual(['schema', 'table', 'name']);
    expect(splitWords('  Billing Country  ')).toEqual(['Billing', 'Country']);
  });

  it('keeps an acronym whole and starts a word after it, and keeps ALLCAPS as one word', () => {
    expect(splitWords('HTTPServer')).toEqual(['HTTP', 'Server']);
    expect(splitWords('parseHTTPResponse')).toEqual(['parse', 'HTTP', 'Response']);
    expect(splitWords('userID')).toEqual(['user', 'ID']);
    expect(splitWords('URLs')).toEqual(['URLs']);
    expect(splitWords('IDsByName')).toEqual(['IDs', 'By', 'Name']);
    expect(splitWords('INVOICELINE')).toEqual(['INVOICELINE']);
  });

  it('keeps digits with their word, or apart when asked', () => {
    expect(splitWords('address2')).toEqual(['address2']);
    expect(splitWords('address2', { digits: true })).toEqual(['address', '2']);
    expect(splitWords('unitPrice2024', { digits: true })).toEqual(['unit', 'Price', '2024']);
    expect(splitWords('InvoiceLine unit_price HTTPStatus2024', { digits: true })).toEqual([
      'Invoice',
      'Line',
      'unit',
      'price',
      'HTTP',
      'Status',
      '2024',
    ]);
  });

  it('reads letters beyond ASCII as letters, case changes included', () => {
    expect(splitWords('ÜberSicht café_crème')).toEqual(['Über', 'Sicht', 'café', 'crème']);
    expect(splitWords('Straße2', { digits: true })).toEqual(['Straße', '2']);
    expect(splitWords('')).toEqual([]);
    expect(splitWords('__--  ')).toEqual([]);
  });

  it('marks the same case changes that separateCase shows', () => {
    expect(separateCase('BillingCountry')).toBe('Billing Country');
    expect(separateCase('HTTPCode of AC/DC')).toBe('HTTP Code of AC/DC');
  });
});

describe('nameWords and foldWord', () => {
  it('gives a name’s words in lower case and singular', () => {
    expect(nameWords('InvoiceLines')).toEqual(['invoice', 'line']);
    expect(nameWords('order_details')).toEqual(['order', 'detail']);
    expect(nameWords('MOVIES')).toEqual(['movie']);
    expect(nameWords('people')).toEqual(['person']);
  });

  it('folds case and accents for comparing what people type', () => {
    expect(foldWord('Café')).toBe('cafe');
    expect(foldWord('CRÈME')).toBe('creme');
    expect(foldWord('Invoice')).toBe('invoice');
  });
});

describe('every reader of names in the server', () => {
  it('reads a plural table the same way: search, the offline analyst, memory and entity names', () => {
    for (const [table, words] of [
      ['movies', ['movie']],
      ['categories', ['category']],
      ['order_statuses', ['order', 'status']],
      ['ShippingAddresses', ['shipping', 'address']],
      ['people', ['person']],
    ] as const) {
      expect(searchWords(table), table).toEqual(words);
      expect(identifierWords(table), table).toEqual(words);
      expect(memoryWords(table), table).toEqual(words);
      expect(tokenize(table).map((token) => token.norm)).toEqual(words);
    }
    expect(entityNameOf('movies')).toBe('Movie');
    expect(entityNameOf('order_statuses')).toBe('Order status');
    expect(entityNameOf('InvoiceLine')).toBe('Invoice line');
    expect(entityNameOf('HTTPServers')).toBe('Http server');
    expect(entityNameOf('address2')).toBe('Address2');
    expect(entityNameOf('__')).toBe('__');
  });
});
