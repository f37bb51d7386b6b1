import Database3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';
import { addDatabase } from '../helpers/factories.ts';
import type { ScriptedChat } from '../helpers/scripted-chat.ts';
import { instructionsOf, startScriptedChat, toolOutputOf } from '../helpers/scripted-chat.ts';

/*
 * list_metrics and query_metrics on a SQLite copy of Chinook, driven by a scripted model through
 * the real loop: the vocabulary of the model proposed from its schema, a metric query compiled
 * and run through the conversation's SQL path (recorded, shown, bounded), a measure aggregated
 * for one query, an unknown name answered with the field and the closest names, and
 * ANALYST_SEMANTIC_MODEL=off handing the analyst no model.
 */

let copy: Awaited<ReturnType<typeof chinookSqliteCopy>>;
let truth: Database3.Database;
/** The truth, read with our own SQL on the same file, as arrays of cells. */
const chinook = {
  get filename() {
    return copy.filename;
  },
  query: (sql: string) => truth.prepare(sql).raw().all() as unknown[][],
};

beforeAll(async () => {
  copy = await chinookSqliteCopy();
  truth = new Database3(copy.filename, { readonly: true });
});

afterAll(async () => {
  truth.close();
  await copy.remove();
});

async function chatOn(env: Record<string, string>): Promise<{ chat: ScriptedChat; contextId: string }> {
  const chat = await startScriptedChat(env);
  const database = await addDatabase(chat.api, {
    name: 'Chinook',
    engine: 'sqlite',
    details: { filename: chinook.filename },
  });
  return { chat, contextId: `database-${database.id}` };
}

/** Asks once with a model that calls one tool, and returns its output and the stored messages. */
async function callTool(chat: ScriptedChat, contextId: string, name: string, input: Record<string, unknown>) {
  let output: Record<string, unknown> = {};
  let instructions = '';
  const asked = await chat.ask(contextId, 'Tell me', [
    (options) => {
      instructions = instructionsOf(options);
      return { calls: [{ name, input }] };
    },
    (options) => {
      output = toolOutputOf(options);
      return { text: 'done' };
    },
  ]);
  expect(asked.end.status).toBe('clear');
  return { output, messages: asked.messages, instructions };
}

describe('the semantic model tools', () => {
  let chat: ScriptedChat;
  let contextId: string;

  beforeAll(async () => {
    ({ chat, contextId } = await chatOn({}));
  });

  afterAll(() => chat.stop());

  it('list_metrics gives the metrics and the datasets with their dimensions and measures; the instructions prefer it', async () => {
    const { output, instructions } = await callTool(chat, contextId, 'list_metrics', {});
    expect(instructions).toContain('answer with query_metrics whenever a metric or measure fits');
    const metrics = output.metrics as Record<string, unknown>[];
    expect(metrics).toContainEqual(
      expect.objectContaining({ name: 'artist_count', label: 'Number of artists', type: 'simple' }),
    );
    const datasets = output.datasets as { name: string; dimensions: Record<string, unknown>[] }[];
    const invoice = datasets.find((dataset) => dataset.name === 'invoice');
    expect(invoice?.dimensions).toContainEqual(
      expect.objectContaining({
        name: 'invoice_date',
        type: 'time',
        grains: ['day', 'week', 'month', 'quarter', 'year'],
      }),
    );
    expect(output.omitted).toBeUndefined();
    expect(output.source).toBe('schema');
  });

  it('list_metrics shows only the datasets asked for', async () => {
    const { output } = await callTool(chat, contextId, 'list_metrics', { datasets: ['genre'] });
    expect((output.datasets as { name: string }[]).map((dataset) => dataset.name)).toEqual(['genre']);
  });

  it('query_metrics compiles a metric query, runs it as a query of the conversation and says what it stands on', async () => {
    const { output, messages } = await callTool(chat, contextId, 'query_metrics', {
      query: {
        metrics: ['invoice_total'],
        dimensions: [{ dimension: 'invoice.billing_country' }],
        filters: [{ dimension: 'invoice.billing_country', operator: 'in', values: ['Brazil', 'France'] }],
        orderBy: [{ field: 'billing_country', direction: 'asc' }],
      },
      title: 'Sales of two countries',
    });
    const truth = chinook.query(
      "SELECT BillingCountry, round(sum(Total), 2) FROM Invoice WHERE BillingCountry IN ('Brazil', 'France') GROUP BY 1 ORDER BY 1",
    );
    expect(output.sql).toMatch(/SUM\(/i);
    expect((output.columns as { name: string }[]).map((column) => column.name)).toEqual([
      'billing_country',
      'invoice_total',
    ]);
    expect(
      (output.rows as unknown[][]).map(([country, total]) => [
        country,
        Math.round(Number(total) * 100) / 100,
      ]),
    ).toEqual(truth);
    expect(output.standsOn).toEqual([
      { kind: 'metric', name: 'invoice_total', label: 'Invoice total', certified: null },
    ]);
    // Nobody saved a model: the analyst reads one proposed from the schema, and is told so.
    expect(output.modelSource).toBe('schema');
    expect(String(output.modelNote)).toContain('Nobody has reviewed');
    const step = messages.find(
      (message) => message.role === 'function' && message.functionCall?.name === 'query_metrics',
    );
    expect(step?.queryId).toBe(output.queryId);
    expect(typeof output.embed).toBe('string');
  });

  it('query_metrics aggregates a measure another way for one query', async () => {
    const { output } = await callTool(chat, contextId, 'query_metrics', {
      query: { metrics: ['highest_price'] },
      measures: [{ name: 'highest_price', measure: 'track.unit_price', aggregation: 'max' }],
    });
    expect(output.rows).toEqual(chinook.query('SELECT max(UnitPrice) FROM Track'));
    expect(output.standsOn).toEqual([
      {
        kind: 'measure',
        name: 'highest_price',
        label: 'Unit price',
        measure: 'track.unit_price',
        aggregation: 'max',
      },
    ]);
  });

  it("query_metrics groups on a dataset's rows by its key, so two rows of one name stay two", async () => {
    const { output } = await callTool(chat, contextId, 'query_metrics', {
      query: {
        metrics: ['album_count'],
        dimensions: [{ dimension: 'artist.artist_key' }, { dimension: 'artist.name' }],
        orderBy: [
          { field: 'album_count', direction: 'desc' },
          { field: 'artist.name', direction: 'asc' },
        ],
        limit: 3,
      },
      keys: ['artist'],
    });
    expect((output.columns as { name: string }[]).map((column) => column.name)).toEqual([
      'artist_key',
      'name',
      'album_count',
    ]);
    expect(output.rows).toEqual(
      chinook.query(
        'SELECT ar.ArtistId, ar.Name, count(*) AS n FROM Album al JOIN Artist ar ON ar.ArtistId = al.ArtistId GROUP BY ar.ArtistId ORDER BY n DESC, ar.Name LIMIT 3',
      ),
    );
  });

  it('query_metrics refuses to group on a dataset whose key has several columns, naming the field', async () => {
    const { output } = await callTool(chat, contextId, 'query_metrics', {
      query: {
        metrics: ['playlist_track_count'],
        dimensions: [{ dimension: 'playlist_track.playlist_track_key' }],
      },
      keys: ['playlist_track'],
    });
    expect(output.field).toBe('keys[0]');
    expect(String(output.error)).toContain('a key of several columns');
  });

  it('query_metrics answers an unknown name with the field and the closest names, and runs nothing', async () => {
    const { output, messages } = await callTool(chat, contextId, 'query_metrics', {
      query: { metrics: ['artist_cont'] },
    });
    expect(output.field).toBe('query.metrics[0]');
    expect(output.suggestions).toContain('artist_count');
    expect(String(output.error)).toContain('artist_cont');
    expect(messages.some((message) => message.queryId)).toBe(false);
  });
});

describe('ANALYST_SEMANTIC_MODEL=off', () => {
  let chat: ScriptedChat;
  let contextId: string;

  beforeAll(async () => {
    ({ chat, contextId } = await chatOn({ ANALYST_SEMANTIC_MODEL: 'off' }));
  });

  afterAll(() => chat.stop());

  it('hands the analyst no model: list_metrics says to use run_sql and query_metrics refuses', async () => {
    const listed = await callTool(chat, contextId, 'list_metrics', {});
    expect(listed.output).toMatchObject({ metrics: [], datasets: [] });
    expect(String(listed.output.note)).toContain('run_sql');
    const queried = await callTool(chat, contextId, 'query_metrics', {
      query: { metrics: ['artist_count'] },
    });
    expect(String(queried.output.error)).toContain('no semantic model');
  });
});
