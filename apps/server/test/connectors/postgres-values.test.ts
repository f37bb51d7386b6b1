import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonValue } from '../../src/connectors/connector.ts';
import { toJsonValue } from '../../src/connectors/json-values.ts';
import { PostgresConnector } from '../../src/connectors/postgres/connector.ts';
import { postgresResultTypes } from '../../src/connectors/postgres/types.ts';
import { cellConverter } from '../../src/connectors/postgres/values.ts';
import { chinookPostgres } from '../fixtures/chinook.ts';
import { cell } from '../helpers/result-rows.ts';
import { type ScratchDatabase, postgresScratch } from './scratch-databases.ts';

const details = await chinookPostgres();
const options = { rowCap: 1000, timeoutMs: 10_000, readOnly: false };

/** One cell of each type results usually carry, with the edge values each can print. */
const everyType = `SELECT
  true AS yes, false AS no, NULL::int AS nothing, 7::int2 AS small, 2147483647 AS int4, 26::oid AS oid,
  42::int8 AS big, 9007199254740993::int8 AS huge, (-9223372036854775808)::int8 AS least,
  1.5::float4 AS real, 0.1::float8 AS double, 'NaN'::float8 AS nan, 'Infinity'::float8 AS inf,
  '-Infinity'::float8 AS ninf, 1e300::float8 AS large, 0.99::numeric AS money_like,
  12345678901234567.89::numeric AS long_decimal, 'NaN'::numeric AS nan_decimal, 100.000::numeric AS whole,
  '2024-02-29'::date AS day, '23:59:59.5'::time AS clock, '2024-01-01 10:00:00.123456'::timestamp AS local,
  '2024-01-01 10:00:00.123456+00'::timestamptz AS moment, '2024-06-30 23:59:59.999999+02'::timestamptz AS late,
  '0044-03-15 12:00:00+00 BC'::timestamptz AS ides, 'infinity'::timestamptz AS forever,
  '12:00:00+05:30'::timetz AS zoned_clock, '1 year 2 mons 3 days 04:05:06.7'::interval AS span,
  '\\x01ff'::bytea AS bytes, '{"a": [1, 2.5, "x"]}'::json AS document, '{"b": null}'::jsonb AS binary_document,
  ARRAY[1, 2] AS ints, ARRAY['a', NULL] AS texts, ARRAY[1.5::numeric] AS decimals,
  ARRAY['2024-01-01 00:00:00+00'::timestamptz] AS moments, 'abc'::char(5) AS padded, 'x'::name AS label,
  'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid AS id, '10.0.0.1/8'::inet AS address, point(1, 2) AS spot,
  '<a/>'::xml AS markup, 'héllo ✓'::text AS unicode`;

/** What the connector answered before it read cells itself: pg's parsers, then toJsonValue. */
async function throughPgParsers(
  client: pg.Client,
  sql: string,
): Promise<{ names: string[]; rows: JsonValue[][] }> {
  const result = await client.query<unknown[]>({ text: sql, rowMode: 'array', types: postgresResultTypes });
  return {
    names: result.fields.map((field) => field.name),
    rows: result.rows.map((cells) => result.fields.map((_field, index) => toJsonValue(cells[index]))),
  };
}

describe.skipIf(!details)('PostgreSQL values', () => {
  let connector: PostgresConnector;
  let client: pg.Client;
  let scratch: ScratchDatabase | null;

  beforeAll(async () => {
    connector = new PostgresConnector(details ?? {}, {});
    client = new pg.Client({ ...details });
    await client.connect();
    scratch = await postgresScratch();
  });
  afterAll(async () => {
    await scratch?.dispose();
    await client.end();
    await connector.close();
  });

  it('reads every common type as pg’s parsers and toJsonValue did, in runs and streams', async () => {
    const expected = await throughPgParsers(client, everyType);
    const run = await connector.run(everyType, options);
    expect(run.columns.map((column) => column.name)).toEqual(expected.names);
    expect(run.rows).toEqual(expected.rows);
    const [row] = run.rows;
    expect(cell(run, row, 'huge')).toBe('9007199254740993');
    expect(cell(run, row, 'nan')).toBe('NaN');
    expect(cell(run, row, 'moment')).toBe('2024-01-01T10:00:00.123Z');
    expect(cell(run, row, 'nothing')).toBeNull();
    const stream = await connector.stream(everyType, options);
    expect(stream.columns.map((column) => column.name)).toEqual(expected.names);
    const streamed = [];
    for await (const batch of stream) streamed.push(...batch);
    expect(streamed).toEqual(expected.rows);
  });

  it('prints timestamptz like a JS Date would in any session time zone', async () => {
    const samples = `SELECT t::text AS t FROM (VALUES ('2024-01-01 00:00:00+00'::timestamptz),
      ('2024-03-31 01:59:59.000001+00'), ('1969-12-31 23:59:59.999+00'), ('0099-06-01 12:00:00+00'),
      ('2000-02-29 12:34:56.7+00'), ('9999-12-31 23:59:59.999999+00'), ('-infinity'), ('12345-06-01 12:00:00+00'),
      ('0044-03-15 12:00:00.5+00 BC')) AS s(t)`;
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Europe/Paris']) {
      await client.query(`SET TimeZone = '${zone}'`);
      const { rows } = await client.query<{ t: string }>(samples);
      const parse = postgresResultTypes.getTypeParser(1184, 'text');
      for (const { t } of rows) expect(cellConverter(1184)(t)).toEqual(toJsonValue(parse(t)));
    }
    await client.query('RESET TimeZone');
  });

  it('keeps a column named __proto__ and repeated names as their own columns, cells in order', async () => {
    const result = await connector.run('SELECT 1 AS "__proto__", 2 AS id, 3 AS id', options);
    expect(result.columns.map((column) => column.name)).toEqual(['__proto__', 'id', 'id_1']);
    expect(result.rows).toEqual([[1, 2, 3]]);
    expect(JSON.parse(JSON.stringify(result.rows))).toEqual([[1, 2, 3]]);
    const stream = await connector.stream('SELECT 1 AS "__proto__", 2 AS id, 3 AS id', options);
    expect(stream.columns.map((column) => column.name)).toEqual(['__proto__', 'id', 'id_1']);
    const streamed = [];
    for await (const batch of stream) streamed.push(...batch);
    expect(streamed).toEqual([[1, 2, 3]]);
  });

  it('cuts at the cap exactly: a result of rowCap rows is whole, one more is cut and counted', async () => {
    const series = (n: number) => `SELECT g FROM generate_series(1, ${n}) AS g`;
    const whole = await connector.run(series(50), { ...options, rowCap: 50 });
    expect(whole).toMatchObject({ truncated: false, count: 50 });
    expect(whole.columns.map((column) => column.name)).toEqual(['g']);
    expect(whole.rows.at(-1)).toEqual([50]);
    const cut = await connector.run(series(51), { ...options, rowCap: 50 });
    expect(cut).toMatchObject({ truncated: true, count: 51 });
    expect(cut.rows).toHaveLength(50);
    const far = await connector.run(series(5000), { ...options, rowCap: 50, readOnly: true });
    expect(far).toMatchObject({ truncated: true, count: 5000 });
  });

  it('answers written rows for writes, and rows without a count for RETURNING', async () => {
    if (!scratch) return;
    const on = new PostgresConnector(scratch.details, {});
    try {
      const { t } = scratch.names;
      expect(await on.run(`INSERT INTO ${t} (name) VALUES ('dog'), ('eel')`, options)).toMatchObject({
        rows: [],
        columns: [],
        affectedRows: 2,
      });
      const returning = await on.run(`UPDATE ${t} SET name = upper(name) RETURNING name`, {
        ...options,
        rowCap: 2,
      });
      expect(returning).toMatchObject({ truncated: true, count: null, affectedRows: null });
      expect(returning.rows).toHaveLength(2);
      const empty = await on.run('-- nothing here', options);
      expect(empty).toMatchObject({ rows: [], columns: [], affectedRows: null });
    } finally {
      await on.close();
    }
  });
});
