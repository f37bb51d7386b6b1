import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsvCopy } from '../../src/connectors/connector.ts';
import { PostgresConnector } from '../../src/connectors/postgres/connector.ts';
import { chinookPostgres } from '../fixtures/chinook.ts';

/*
 * The PostgreSQL connector's CSV copy (COPY … TO STDOUT), read straight from the connector: the
 * records come with CRLF ends, line breaks inside quoted values stay as they are, and the rows
 * are counted and cut at maxRows there.
 */
const details = await chinookPostgres();
const options = { timeoutMs: 10_000, readOnly: true };

const tricky = `SELECT * FROM (VALUES
  (1, 'plain', true), (2, 'a,b', false), (3, 'say "hi"', NULL), (4, E'line1\\nline2', NULL),
  (5, E'cr\\r\\nlf', NULL), (6, '', NULL), (7, NULL, NULL), (8, E'\\n', true)) AS t(id, label, flag)
  ORDER BY id`;

async function readAll(copy: CsvCopy): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of copy.body as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

describe.skipIf(!details)('PostgreSQL CSV copy', () => {
  let connector: PostgresConnector;

  beforeAll(() => {
    connector = new PostgresConnector(details ?? {}, {});
  });
  afterAll(() => connector.close());

  async function copy(sql: string, maxRows: number): Promise<CsvCopy> {
    const copied = await connector.copyCsv(sql, { ...options, maxRows });
    if (!copied) throw new Error(`COPY did not take ${sql}`);
    return copied;
  }

  it('ends records with CRLF and keeps the line breaks inside quoted values', async () => {
    const copied = await copy(tricky, 100);
    expect(await readAll(copied)).toBe(
      [
        '1,plain,true',
        '2,"a,b",false',
        '3,"say ""hi""",',
        '4,"line1\nline2",',
        '5,"cr\r\nlf",',
        '6,"",',
        '7,,',
        '8,"\n",true',
        '',
      ].join('\r\n'),
    );
    expect(copied.columns.map((column) => column.name)).toEqual(['id', 'label', 'flag']);
    expect(copied.rows).toBe(8);
    expect(copied.truncated).toBe(false);
  });

  it('writes at most maxRows records and says when the result has more', async () => {
    const cut = await copy(tricky, 3);
    expect(await readAll(cut)).toBe('1,plain,true\r\n2,"a,b",false\r\n3,"say ""hi""",\r\n');
    expect(cut.rows).toBe(3);
    expect(cut.truncated).toBe(true);

    const fits = await copy(tricky, 8);
    expect(await readAll(fits)).toMatch(/^1,plain,true\r\n.*\r\n7,,\r\n8,"\n",true\r\n$/s);
    expect(fits.rows).toBe(8);
    expect(fits.truncated).toBe(false);
  });

  it('passes a record larger than a chunk whole, between ordinary ones', async () => {
    const big = await copy(
      "SELECT g, CASE WHEN g = 2 THEN repeat('x', 200000) ELSE 'small' END AS v FROM generate_series(1, 3) AS g",
      10,
    );
    expect(await readAll(big)).toBe(`1,small\r\n2,${'x'.repeat(200_000)}\r\n3,small\r\n`);
    expect(big.rows).toBe(3);
  });

  it('counts every record of a long result, across many chunks', async () => {
    const many = await copy('SELECT g FROM generate_series(1, 1000000) AS g', 1_000_000);
    let bytes = 0;
    let last: Buffer = Buffer.alloc(0);
    for await (const chunk of many.body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      last = chunk;
    }
    expect(many.rows).toBe(1_000_000);
    expect(many.truncated).toBe(false);
    expect(last.toString('utf8').endsWith('999999\r\n1000000\r\n')).toBe(true);
    // The digits of 1..1,000,000 and two bytes of record end each.
    expect(bytes).toBe(5_888_896 + 2_000_000);
  });

  it('fails with the database’s error when a row cannot be computed, and the connections go on', async () => {
    const failing = await copy('SELECT 1 / (g - 50000) AS v FROM generate_series(1, 60000) AS g', 100_000);
    await expect(readAll(failing)).rejects.toThrow(/division by zero/);
    // Every connection of the pool reads its socket as before: copies and queries alike.
    for (let round = 0; round < 4; round += 1) {
      expect(await readAll(await copy('SELECT 1 AS one', 10))).toBe('1\r\n');
      const result = await connector.run('SELECT 2 AS two', { ...options, rowCap: 10 });
      expect(result.rows).toEqual([[2]]);
    }
  });

  it('writes booleans and numerics as the database would with ::text and trim_scale, after any text', async () => {
    const literal = (text: string | null) => (text === null ? 'NULL' : `'${text.replaceAll("'", "''")}'`);
    const text = fc.option(
      fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', 'é', '0', '.') }),
    );
    const numeric = fc.option(
      fc.oneof(
        fc.constant('NaN'),
        fc
          .tuple(
            fc.boolean(),
            fc.bigInt({ min: 0n, max: 10n ** 30n }),
            fc.nat({ max: 8 }),
            fc.nat({ max: 5 }),
          )
          .map(([negative, digits, scale, zeros]) => {
            const padded = digits.toString().padStart(scale + 1, '0');
            const whole = scale === 0 ? padded : `${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
            return `${negative ? '-' : ''}${whole}${scale > 0 || zeros > 0 ? (scale === 0 ? '.' : '') + '0'.repeat(zeros) : ''}`;
          }),
      ),
    );
    const row = fc.tuple(text, fc.option(fc.boolean()), numeric, text, fc.option(fc.boolean()));
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 30 }), async (rows) => {
        const values = rows
          .map(
            ([label, flag, amount, note, last], index) =>
              `(${index}, ${literal(label)}, ${flag === null ? 'NULL' : String(flag)}::boolean, ${literal(amount)}::numeric, ${literal(note)}, ${last === null ? 'NULL' : String(last)}::boolean)`,
          )
          .join(', ');
        const source = `(VALUES ${values}) AS t(id, label, flag, amount, note, last)`;
        const written = await readAll(
          await copy(`SELECT label, flag, amount, note, last FROM ${source} ORDER BY id`, 100),
        );
        const expected = await readAll(
          await copy(
            `SELECT label, flag::text, trim_scale(amount)::text, note, last::text FROM ${source} ORDER BY id`,
            100,
          ),
        );
        expect(written).toBe(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('answers null for a column COPY cannot write like the generic path', async () => {
    expect(await connector.copyCsv('SELECT 0.5::float8 AS f', { ...options, maxRows: 10 })).toBeNull();
  });
});
