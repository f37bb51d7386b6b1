import type { ConversationSummary, Message, StatusEvent } from '@querent/contracts';
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contextBudget } from '../../src/agent/context-budget.ts';
import { buildInstructions } from '../../src/agent/instructions.ts';
import { cutShortMessage, usageGap } from '../../src/agent/step-checks.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { apiClient } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import type { ScriptEntry } from '../helpers/scripted-model.ts';
import { lastToolResult, scriptFedModel } from '../helpers/scripted-model.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

/**
 * What the model is shown scales with LLM_CONTEXT_TOKENS: a small local model's window is not
 * filled by one wide table, however wide. A real SQLite file with a 1,500-column table, the real
 * app, and a scripted model that reads back what its tools returned.
 */

const WIDE_COLUMNS = 1500;
let temp: { dir: string; remove: () => void };
let script: ScriptEntry[] = [];
const clients: ChatClient[] = [];

function wideDatabase(name: string): string {
  const filename = path.join(temp.dir, `${name}.sqlite`);
  const db = new Database(filename);
  const columns = Array.from({ length: WIDE_COLUMNS }, (_, index) => `attribute_${index} TEXT`);
  db.exec(`CREATE TABLE wide (id INTEGER PRIMARY KEY, ${columns.join(', ')})`);
  const values = Array.from({ length: WIDE_COLUMNS }, (_, index) => `'value of attribute ${index}'`);
  for (let row = 1; row <= 3; row += 1) db.exec(`INSERT INTO wide VALUES (${row}, ${values.join(', ')})`);
  db.close();
  return filename;
}

async function appWithWindow(
  contextTokens: number,
): Promise<{ running: RunningApp; api: ApiClient; contextId: string }> {
  const model = scriptFedModel(() => script.shift());
  const running = await startTestApp({ LLM_CONTEXT_TOKENS: String(contextTokens) }, { languageModel: model });
  const api = apiClient(running.baseUrl);
  const created = await api.post<{ id: string }>('/api/databases', {
    name: 'Wide',
    engine: 'sqlite',
    details: { filename: wideDatabase(`wide-${contextTokens}`) },
  });
  return { running, api, contextId: `database-${created.body.id}` };
}

async function ask(app: { running: RunningApp; api: ApiClient; contextId: string }, text: string) {
  const created = await app.api.post<ConversationSummary>('/api/conversations', { contextId: app.contextId });
  const client = await connectChat(app.running.baseUrl);
  clients.push(client);
  client.socket.emit('ask', created.body.id, text);
  await client.waitFor<StatusEvent>(
    'status',
    (event) => event.conversation_id === created.body.id && event.status !== 'running',
  );
  const conversation = await app.api.get<{ messages: Message[] }>(`/api/conversations/${created.body.id}`);
  return conversation.body.messages;
}

/** Plays describe_table, then the filtered describe_table, then sample_rows; keeps each result. */
function readWideTable(seen: { name: string; output: unknown; chars: number }[]): ScriptEntry[] {
  const keep = (options: Parameters<typeof lastToolResult>[0]) => {
    const result = lastToolResult(options);
    seen.push({
      name: result?.toolName ?? '',
      output: result?.output,
      chars: JSON.stringify(result?.output).length,
    });
  };
  return [
    { calls: [{ name: 'describe_table', input: { table: 'wide' } }] },
    (options) => {
      keep(options);
      return { calls: [{ name: 'describe_table', input: { table: 'wide', columns: 'attribute_1499' } }] };
    },
    (options) => {
      keep(options);
      return { calls: [{ name: 'sample_rows', input: { table: 'wide', limit: 3 } }] };
    },
    (options) => {
      keep(options);
      return { text: 'Done.' };
    },
  ];
}

beforeAll(() => {
  temp = makeTempDir('querent-wide-');
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

afterAll(() => temp.remove());

describe('a 1,500-column table in a small and a large context window', () => {
  it.each([8192, 200_000])('fits the tools’ answers in the budget of a %i-token window', async (window) => {
    const app = await appWithWindow(window);
    try {
      const budget = contextBudget(window);
      const seen: { name: string; output: unknown; chars: number }[] = [];
      script = readWideTable(seen);
      const messages = await ask(app, 'What is in the wide table?');
      expect(messages.at(-1)?.content).toBe('Done.');
      const [described, filtered, sampled] = seen;

      // Every column would be about 60,000 characters; the answer stays within its budget.
      expect(described?.chars).toBeLessThanOrEqual(budget.describeChars + 200);
      const listed = described?.output as { columns: unknown[]; columnCount: number; note: string };
      expect(listed.columnCount).toBe(WIDE_COLUMNS + 1);
      expect(listed.columns.length).toBeLessThan(WIDE_COLUMNS);
      expect(listed.note).toMatch(/^\d+ more columns not listed/);
      // The others are found by name.
      expect(filtered?.output).toMatchObject({
        columns: [{ name: 'attribute_1499', type: 'TEXT', nullable: true }],
      });

      // SELECT * of the table: only the columns that fit, said so, and cells of those.
      const preview = sampled?.output as { columns: unknown[]; columnsNote: string; rows: unknown[][] };
      expect(sampled?.chars).toBeLessThanOrEqual(budget.previewChars * 1.5 + 400);
      expect(preview.columns.length).toBeLessThan(WIDE_COLUMNS);
      expect(preview.columnsNote).toContain(`of ${WIDE_COLUMNS + 1} columns are shown`);
      for (const row of preview.rows) expect(row).toHaveLength(preview.columns.length);
    } finally {
      await app.running.stop();
    }
  });
});

describe('budgets from the context window', () => {
  it('gives a small window less of everything, and a large one up to the old fixed limits', () => {
    const small = contextBudget(8192);
    const large = contextBudget(200_000);
    expect(large).toMatchObject({ previewRows: 20, previewChars: 10_000, schemaTokens: 8000 });
    for (const key of ['memoryTokens', 'schemaTokens', 'previewChars', 'describeChars'] as const) {
      expect(small[key]).toBeLessThan(large[key]);
    }
  });

  it('keeps as much memory as the window affords', () => {
    const memories = Array.from({ length: 300 }, (_, index) => ({
      content: `Fact number ${index}: the status code ${index} means something specific to this shop.`,
    }));
    const lines = (window: number) =>
      buildInstructions({
        subject: { database: { name: 'Shop', engine: 'sqlite', safeMode: false }, project: null },
        dialect: 'sqlite',
        schema: { text: '- t: a INTEGER', shown: 1, omitted: 0 },
        memories,
        memoryTokens: contextBudget(window).memoryTokens,
        clock: { now: new Date('2026-01-15T12:00:00Z'), timeZone: 'UTC' },
        examples: [],
      })
        .split('\n')
        .filter((line) => line.startsWith('- Fact number')).length;
    expect(lines(8192)).toBeGreaterThan(0);
    expect(lines(8192)).toBeLessThan(lines(200_000));
    expect(lines(200_000)).toBeLessThan(300);
  });
});

describe('the checks after a model call', () => {
  it('names a cut or filtered answer, and nothing else', () => {
    expect(cutShortMessage('length', 'length')).toMatch(/^My answer was cut off/);
    expect(cutShortMessage('content-filter', null)).toBe(
      "The provider's content filter stopped my answer. Rephrase the question and ask again.",
    );
    expect(cutShortMessage('stop', 'end_turn')).toBeNull();
    expect(cutShortMessage('tool-calls', 'tool_use')).toBeNull();
  });

  it('warns of a wide gap between the reported and the estimated input, either way', () => {
    expect(usageGap(2048, 9000)?.advice).toContain('OLLAMA_CONTEXT_LENGTH');
    expect(usageGap(30_000, 9000)?.advice).toContain('Lower LLM_CONTEXT_TOKENS');
    expect(usageGap(7000, 9000)).toBeNull();
    expect(usageGap(null, 9000)).toBeNull();
    // Small requests: a few hundred tokens apart is no sign of anything.
    expect(usageGap(300, 900)).toBeNull();
  });
});
