import type { Message, StatusEvent } from '@querent/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { apiClient } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import { addDatabase, startConversation } from '../helpers/factories.ts';
import { instructionsOf } from '../helpers/scripted-chat.ts';
import type { ScriptEntry } from '../helpers/scripted-model.ts';
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { lastToolResult, scriptFedModel } from '../helpers/scripted-model.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

let running: RunningApp;
let api: ApiClient;
let sqlite: { filename: string; remove: () => Promise<void> };
let databaseId: string;
let script: ScriptEntry[] = [];
const clients: ChatClient[] = [];

beforeAll(async () => {
  sqlite = await chinookSqliteCopy();
  // One model for the app; each test loads its own script into it.
  const model = scriptFedModel(() => script.shift());
  running = await startTestApp({ AGENT_MAX_STEPS: '6' }, { languageModel: model });
  api = apiClient(running.baseUrl);
  databaseId = (
    await addDatabase(api, {
      name: 'Chinook',
      engine: 'sqlite',
      details: { filename: sqlite.filename },
    })
  ).id;
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  await running.stop();
  await sqlite.remove();
});

async function newConversation(contextId = `database-${databaseId}`): Promise<string> {
  return startConversation(api, contextId);
}

async function chat(): Promise<ChatClient> {
  const client = await connectChat(running.baseUrl);
  clients.push(client);
  return client;
}

const cleared = (conversationId: string) => (event: StatusEvent) =>
  event.conversation_id === conversationId && (event.status === 'clear' || event.status === 'error');

describe('the analyst loop with a scripted model', () => {
  it('explores, queries, charts and answers with embeds, storing each step before sending it', async () => {
    const conversationId = await newConversation();
    let queryId = '';
    let chartId = '';
    script = [
      { text: 'Let me look.', calls: [{ name: 'search_schema', input: { query: 'genre track' } }] },
      { calls: [{ name: 'describe_table', input: { table: 'Genre' } }] },
      {
        calls: [
          {
            name: 'run_sql',
            input: {
              query:
                'SELECT g.Name AS genre, COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.Name ORDER BY tracks DESC',
              title: 'Tracks per genre',
            },
          },
        ],
      },
      (options) => {
        queryId = (lastToolResult(options)?.output as { queryId: string }).queryId;
        return {
          calls: [
            {
              name: 'create_chart',
              input: { queryId, title: 'Tracks per genre', type: 'bar', x: 'genre', y: ['tracks'] },
            },
          ],
        };
      },
      (options) => {
        chartId = (lastToolResult(options)?.output as { chartId: string }).chartId;
        return {
          text: `Rock leads with 1297 tracks.\n\n{{query:${queryId}}}\n\n{{chart:${chartId}}}\n\n{{query:made-up}}`,
        };
      },
    ];
    const client = await chat();
    client.socket.emit('ask', conversationId, 'Which genre has the most tracks?');
    await client.waitFor<StatusEvent>('status', cleared(conversationId));

    const statuses = client
      .all<StatusEvent>('status')
      .filter((event) => event.conversation_id === conversationId);
    expect(statuses.map((event) => event.status)).toEqual(['running', 'clear']);

    const stored = await api.get<{ messages: Message[]; name: string }>(
      `/api/conversations/${conversationId}`,
    );
    expect(stored.body.name).toBe('Which genre has the most tracks?');
    const messages = stored.body.messages;
    expect(messages.map((message) => [message.role, message.functionCall?.name ?? null])).toEqual([
      ['user', null],
      ['assistant', null],
      ['assistant', 'search_schema'],
      ['function', 'search_schema'],
      ['assistant', 'describe_table'],
      ['function', 'describe_table'],
      ['assistant', 'run_sql'],
      ['function', 'run_sql'],
      ['assistant', 'create_chart'],
      ['function', 'create_chart'],
      ['assistant', null],
    ]);
    const result = messages[7];
    expect(result?.query).toMatchObject({ id: queryId, count: 25, error: null, title: 'Tracks per genre' });
    expect(result?.query?.columns?.map((column) => column.name)).toEqual(['genre', 'tracks']);
    expect(result?.query?.rows?.[0]).toEqual(['Rock', 1297]);
    expect(messages[9]?.chart).toMatchObject({
      id: chartId,
      queryId,
      config: { type: 'bar', x: 'genre', y: ['tracks'] },
    });
    const answer = messages.at(-1);
    expect(answer?.content).toBe(
      `Rock leads with 1297 tracks.\n\n{{query:${queryId}}}\n\n{{chart:${chartId}}}`,
    );

    // The answer streamed in chunks under the id of the message that holds it.
    const chunks = client
      .all<{ messageId: string; delta: string }>('response-chunk')
      .filter((chunk) => chunk.messageId === answer?.id);
    expect(chunks.length).toBeGreaterThan(1);
    // Every message was sent as `response`, the last state of each equal to what is stored.
    const sent = new Map(client.all<Message>('response').map((message) => [message.id, message]));
    for (const message of messages) expect(sent.get(message.id)?.content).toBe(message.content);
  });

  async function run(question: string, steps: ScriptEntry[], contextId?: string) {
    const conversationId = await newConversation(contextId);
    script = steps;
    const client = await chat();
    // Each message must already be in the store when it is announced.
    const announced: Promise<boolean>[] = [];
    client.socket.on('response', (message) => {
      announced.push(
        running.built.store.db
          .selectFrom('messages')
          .select('id')
          .where('id', '=', message.id)
          .executeTakeFirst()
          .then((row) => row !== undefined),
      );
    });
    client.socket.emit('ask', conversationId, question);
    const end = await client.waitFor<StatusEvent>('status', cleared(conversationId));
    const stored = await api.get<{ messages: Message[] }>(`/api/conversations/${conversationId}`);
    return {
      conversationId,
      client,
      end,
      messages: stored.body.messages,
      announced: await Promise.all(announced),
    };
  }

  const outputOf = (options: LanguageModelV4CallOptions) =>
    lastToolResult(options)?.output as Record<string, unknown>;

  it('hands a failing statement’s error back so the model corrects its SQL', async () => {
    let error: unknown = null;
    const { messages, end, announced } = await run('How many invoices?', [
      { calls: [{ name: 'run_sql', input: { query: 'SELECT COUNT(*) AS n FROM Invoices' } }] },
      (options) => {
        error = outputOf(options);
        return { calls: [{ name: 'run_sql', input: { query: 'SELECT COUNT(*) AS n FROM Invoice' } }] };
      },
      (options) => ({ text: `There are ${JSON.stringify(outputOf(options).rows)} invoices.` }),
    ]);
    expect(end.status).toBe('clear');
    expect(announced.every(Boolean)).toBe(true);
    expect(error).toMatchObject({ error: 'no such table: Invoices', hint: expect.any(String) as unknown });
    const queries = messages.filter((message) => message.role === 'function').map((message) => message.query);
    expect(queries.map((query) => [query?.error ?? null, query?.count ?? null])).toEqual([
      ['no such table: Invoices', null],
      [null, 1],
    ]);
    expect(messages.at(-1)?.content).toBe('There are [[412]] invoices.');
  });

  it('checks a chart against its query’s columns and tells the model what is wrong', async () => {
    let queryId = '';
    let refusal: unknown = null;
    const { messages } = await run('Chart sales by country', [
      {
        calls: [
          {
            name: 'run_sql',
            input: {
              query:
                'SELECT BillingCountry AS country, SUM(Total) AS sales FROM Invoice GROUP BY 1 ORDER BY 2 DESC',
            },
          },
        ],
      },
      (options) => {
        queryId = String(outputOf(options).queryId);
        return {
          calls: [
            {
              name: 'create_chart',
              input: { queryId, title: 'Sales', type: 'bar', x: 'country', y: ['revenue'] },
            },
          ],
        };
      },
      (options) => {
        refusal = outputOf(options);
        return {
          calls: [
            {
              name: 'create_chart',
              input: { queryId, title: 'Sales', type: 'pie', x: 'country', y: ['sales'] },
            },
          ],
        };
      },
      { text: 'Done.' },
    ]);
    expect(refusal).toEqual({
      error: 'Invalid config.y[0]: no column "revenue" in the query\'s result (columns: country, sales)',
    });
    const charts = messages.filter((message) => message.chart).map((message) => message.chart);
    expect(charts).toEqual([
      {
        id: expect.any(String) as unknown,
        queryId,
        title: 'Sales',
        config: { type: 'pie', x: 'country', y: ['sales'] },
      },
    ]);
    const stored = await running.built.store.db
      .selectFrom('charts')
      .select('query_id')
      .where('query_id', '=', queryId)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('holds a fact it saves for approval, and uses it once a person approves it', async () => {
    let saved: unknown = null;
    await run('Note that Total is in USD', [
      { calls: [{ name: 'save_memory', input: { content: 'Invoice.Total is in US dollars.' } }] },
      (options) => {
        saved = lastToolResult(options)?.output;
        return { text: 'Noted, once approved.' };
      },
    ]);
    expect(saved).toMatchObject({ saved: true, status: 'pending' });
    const currentInstructions = async () => {
      let instructions = '';
      await run('Anything', [
        (options) => {
          instructions = instructionsOf(options);
          return { text: 'ok' };
        },
      ]);
      return instructions;
    };
    // Pending: not yet something the analyst knows.
    expect(await currentInstructions()).toContain('You remember nothing about this database yet.');

    const listed = await api.get<{ memories: { id: string; status: string; source: string }[] }>(
      `/api/databases/${databaseId}/memories`,
    );
    const [memory] = listed.body.memories;
    expect(memory).toMatchObject({ status: 'pending', source: 'model' });
    const approved = await api.put(`/api/memories/${memory?.id ?? ''}`, { status: 'approved' });
    expect(approved.status, approved.text).toBe(200);

    const instructions = await currentInstructions();
    expect(instructions).toContain(
      'What you remember about this database (approved by its users, most relevant first):\n- Invoice.Total is in US dollars.',
    );
    expect(instructions).toContain('SQLite: dates are usually text');
    expect(instructions).toContain('Database: Chinook (SQLite)');
  });

  it('works on a project: its name, description and tables come first', async () => {
    const project = await api.post<{ id: string }>('/api/projects', {
      name: 'Music catalogue',
      description: 'Artists, albums and tracks',
      databaseId,
      tables: [
        { schema: 'main', table: 'Track' },
        { schema: 'main', table: 'Album' },
      ],
    });
    expect(project.status, project.text).toBe(201);
    let instructions = '';
    let listed: unknown = null;
    await run(
      'What is here?',
      [
        (options) => {
          instructions = instructionsOf(options);
          return { calls: [{ name: 'search_schema', input: { query: '', limit: 2 } }] };
        },
        (options) => {
          listed = outputOf(options);
          return { text: 'Tracks and albums.' };
        },
      ],
      `project-${project.body.id}`,
    );
    expect(instructions).toContain('Project: Music catalogue — Artists, albums and tracks');
    expect(instructions).toContain(
      "The project's tables, which the question is most likely about: main.Album, main.Track",
    );
    const cards = listed as { totalTables: number; tables: { table: string }[] };
    expect(cards.totalTables).toBe(11);
    expect(cards.tables.map((card) => card.table).sort()).toEqual(['Album', 'Track']);
  });

  it('samples rows and points to close names when a table does not exist', async () => {
    let sample: unknown = null;
    let missing: unknown = null;
    await run('Show me genres', [
      { calls: [{ name: 'sample_rows', input: { table: 'genre', limit: 3 } }] },
      (options) => {
        sample = outputOf(options);
        return { calls: [{ name: 'describe_table', input: { table: 'Genres_table' } }] };
      },
      (options) => {
        missing = outputOf(options);
        return { text: 'ok' };
      },
    ]);
    expect(sample).toMatchObject({
      columns: [{ name: 'GenreId' }, { name: 'Name' }],
      rowsShown: 3,
      rows: [
        [1, 'Rock'],
        [2, 'Jazz'],
        [3, 'Metal'],
      ],
    });
    expect(missing).toEqual({
      error: expect.stringMatching(/^No table named Genres_table\. Did you mean: Genre\b/) as unknown,
    });
  });

  it('stops at the step limit, asking the model for an answer on the last step and saying so', async () => {
    const choices: unknown[] = [];
    const loop = (options: LanguageModelV4CallOptions) => {
      choices.push(options.toolChoice);
      return { calls: [{ name: 'search_schema', input: { query: 'track' } }] };
    };
    const { messages, end } = await run('Loop forever', [loop, loop, loop, loop, loop, loop, loop]);
    expect(end.error).toBeNull();
    expect(end.status).toBe('clear');
    expect(choices).toHaveLength(6);
    expect(choices.at(-1)).toEqual({ type: 'none' });
    expect(choices[0]).toEqual({ type: 'auto' });
    expect(messages.at(-1)?.content).toBe(
      'I stopped after 6 steps (AGENT_MAX_STEPS) without reaching an answer. Ask me to continue, or narrow the question.',
    );
  });
});
