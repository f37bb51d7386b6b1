import { type SemanticModel, semanticModelSchema } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connector, createConnector } from '../../../src/connectors/index.ts';
import { SqliteConnector } from '../../../src/connectors/sqlite/connector.ts';
import { profileColumns } from '../../../src/semantic/proposal/profile-columns.ts';
import { proposeSemanticModel } from '../../../src/semantic/proposal/propose-model.ts';
import { chinookPostgres, chinookSqliteCopy } from '../../fixtures/chinook.ts';
import { browsableSchema } from './chinook-schema.ts';
import { databaseRecord, owner, runDeps } from './profiling-deps.ts';
import { withoutForeignKeys } from './schema-builder.ts';

/*
 * The proposal for the real Chinook music shop, introspected from PostgreSQL (snake_case, foreign
 * keys declared, profiled by profileColumns through the one SQL path) and from its SQLite file (PascalCase), also with its foreign keys taken
 * away: the same datasets, joins and measures come out each time.
 *
 * Track's milliseconds and bytes are measures on purpose: a duration and a size add up (the
 * playing time of a playlist, the storage of an album) and a duration averages (the length of a
 * track); they are not money, so they get no metric of their own.
 */

const postgresDetails = await chinookPostgres();

const summary = (model: SemanticModel) => ({
  datasets: model.datasets.map((d) => `${d.name} <- ${'table' in d.source ? d.source.table : ''}`),
  relationships: model.relationships.map(
    (r) => `${r.name}: ${r.from.dataset} -> ${r.to.dataset} ${r.cardinality}`,
  ),
  measures: model.datasets.flatMap((d) => d.measures.map((m) => `${d.name}.${m.name} ${m.aggregation}`)),
  dimensions: model.datasets.flatMap((d) => d.dimensions.map((x) => `${d.name}.${x.name} ${x.type}`)),
  metrics: model.metrics.map((m) => `${m.name} = ${m.type === 'simple' ? m.measure : ''}`),
});

const expectedRelationships = [
  'album_artist: album -> artist many_to_one',
  'customer_support_rep: customer -> employee many_to_one',
  'employee_reports_to: employee -> employee many_to_one',
  'invoice_customer: invoice -> customer many_to_one',
  'invoice_line_invoice: invoice_line -> invoice many_to_one',
  'invoice_line_track: invoice_line -> track many_to_one',
  'playlist_track_playlist: playlist_track -> playlist many_to_one',
  'playlist_track_track: playlist_track -> track many_to_one',
  'track_album: track -> album many_to_one',
  'track_genre: track -> genre many_to_one',
  'track_media_type: track -> media_type many_to_one',
];

describe.skipIf(postgresDetails === null)('Chinook on PostgreSQL, profiled', () => {
  let connector: Connector | null = null;
  let model: SemanticModel;
  beforeAll(async () => {
    if (!postgresDetails) return;
    const opened = createConnector('postgres', postgresDetails);
    connector = opened;
    const schema = await browsableSchema(opened);
    const profiles = await profileColumns(runDeps(opened), {
      database: databaseRecord('postgres'),
      actor: owner,
      schema,
    });
    model = proposeSemanticModel({ schema, profiles });
  });
  afterAll(async () => {
    await connector?.close();
  });

  it('is a valid semantic model', () => {
    expect(semanticModelSchema.parse(model)).toEqual(model);
  });

  it('makes each of the eleven tables a dataset, the playlist link table included', () => {
    expect(summary(model).datasets).toEqual([
      'album <- album',
      'artist <- artist',
      'customer <- customer',
      'employee <- employee',
      'genre <- genre',
      'invoice <- invoice',
      'invoice_line <- invoice_line',
      'media_type <- media_type',
      'playlist <- playlist',
      'playlist_track <- playlist_track',
      'track <- track',
    ]);
    const link = model.datasets.find((d) => d.name === 'playlist_track');
    expect(link).toMatchObject({
      primaryKey: ['playlist_id', 'track_id'],
      description: 'Links playlist and track.',
    });
  });

  it('joins invoice lines to invoices to customers, and every other declared key', () => {
    expect(summary(model).relationships).toEqual(expectedRelationships);
    const line = model.relationships.find((r) => r.name === 'invoice_line_invoice');
    expect(line).toMatchObject({
      from: { dataset: 'invoice_line', columns: ['invoice_id'] },
      to: { dataset: 'invoice', columns: ['invoice_id'] },
      description: null,
    });
  });

  it('measures invoice totals, unit prices, quantities, durations and sizes, and no identifier', () => {
    expect(summary(model).measures.filter((m) => !m.endsWith(' count'))).toEqual([
      'invoice.total sum',
      'invoice_line.unit_price sum',
      'invoice_line.avg_unit_price avg',
      'invoice_line.quantity sum',
      'track.milliseconds sum',
      'track.avg_milliseconds avg',
      'track.bytes sum',
      'track.unit_price sum',
      'track.avg_unit_price avg',
    ]);
    const counted = model.datasets.map((d) => d.measures[0]?.aggregation);
    expect(counted).toEqual(model.datasets.map(() => 'count'));
  });

  it('makes dates time dimensions and names, places and titles categories, with their values when few', () => {
    const dimensions = summary(model).dimensions;
    expect(dimensions).toEqual(
      expect.arrayContaining([
        'invoice.invoice_date time',
        'invoice.billing_country categorical',
        'employee.hire_date time',
        'employee.title categorical',
        'genre.name categorical',
        'track.name categorical',
        'customer.country categorical',
      ]),
    );
    for (const left of [
      'customer.email',
      'customer.phone',
      'customer.postal_code',
      'invoice.billing_address',
    ]) {
      expect(dimensions.join('\n')).not.toContain(left);
    }
    const genre = model.datasets.find((d) => d.name === 'genre')?.dimensions[0];
    expect(genre?.sampleValues).toEqual(expect.arrayContaining(['Rock', 'Jazz', 'Metal']));
    const country = model.datasets
      .find((d) => d.name === 'customer')
      ?.dimensions.find((d) => d.name === 'country');
    expect(country?.sampleValues[0]).toBe('USA');
  });

  it('proposes a count per dataset, the invoice total, quantities sold and average prices', () => {
    expect(summary(model).metrics.filter((m) => !m.includes('_count ='))).toEqual([
      'invoice_total = invoice.total',
      'invoice_line_avg_unit_price = invoice_line.avg_unit_price',
      'invoice_line_quantity = invoice_line.quantity',
      'track_avg_unit_price = track.avg_unit_price',
    ]);
    expect(model.metrics.filter((m) => m.name.endsWith('_count'))).toHaveLength(11);
    expect(model.metrics.find((m) => m.name === 'invoice_total')).toMatchObject({
      label: 'Invoice total',
      certified: null,
      owner: null,
    });
  });
});

describe('Chinook from its SQLite file', () => {
  let model: SemanticModel;
  let inferred: SemanticModel;
  beforeAll(async () => {
    const copy = await chinookSqliteCopy();
    const connector = new SqliteConnector({ filename: copy.filename }, {});
    try {
      const schema = await browsableSchema(connector);
      model = proposeSemanticModel({ schema });
      inferred = proposeSemanticModel({ schema: withoutForeignKeys(schema) });
    } finally {
      await connector.close();
      await copy.remove();
    }
  });

  it('reads its PascalCase names into the same snake_case model', () => {
    expect(semanticModelSchema.parse(model)).toEqual(model);
    expect(summary(model).relationships).toEqual(expectedRelationships);
    expect(model.datasets.find((d) => d.name === 'invoice_line')?.source).toEqual({
      schema: 'main',
      table: 'InvoiceLine',
    });
    expect(summary(model).measures.filter((m) => !m.endsWith(' count'))).toEqual([
      'invoice.total sum',
      'invoice_line.unit_price sum',
      'invoice_line.avg_unit_price avg',
      'invoice_line.quantity sum',
      'track.milliseconds sum',
      'track.avg_milliseconds avg',
      'track.bytes sum',
      'track.unit_price sum',
      'track.avg_unit_price avg',
    ]);
  });

  it('finds every join named after its table when no foreign key is declared, and says it inferred them', () => {
    expect(semanticModelSchema.parse(inferred)).toEqual(inferred);
    // SupportRepId and ReportsTo name a role, not the employee table: only a declared key tells.
    expect(summary(inferred).relationships).toEqual(
      expectedRelationships.filter(
        (r) => !r.startsWith('customer_support_rep') && !r.startsWith('employee_reports_to'),
      ),
    );
    for (const relationship of inferred.relationships) {
      expect(relationship.description).toBe(
        `Inferred from the column name ${relationship.from.columns[0]}: the database declares no foreign key.`,
      );
    }
  });
});
