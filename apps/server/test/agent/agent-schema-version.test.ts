import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';
import { addDatabase } from '../helpers/factories.ts';
import type { ScriptedChat } from '../helpers/scripted-chat.ts';
import { instructionsOf, startScriptedChat, toolOutputOf } from '../helpers/scripted-chat.ts';

/*
 * The schema summary and search index are kept per schema version: turns on an unchanged schema
 * share them, and a refreshed schema (a table added behind Querent's back) is seen by the next
 * turn's summary and search at once.
 */

let chat: ScriptedChat;
let sqlite: { filename: string; remove: () => Promise<void> };
let databaseId: string;

beforeAll(async () => {
  sqlite = await chinookSqliteCopy();
  chat = await startScriptedChat();
  databaseId = (
    await addDatabase(chat.api, {
      name: 'Chinook',
      engine: 'sqlite',
      details: { filename: sqlite.filename },
    })
  ).id;
});

afterAll(async () => {
  await chat.stop();
  await sqlite.remove();
});

async function turn(): Promise<{ instructions: string; found: string[] }> {
  let instructions = '';
  let found: string[] = [];
  await chat.ask(`database-${databaseId}`, 'Any loyalty points?', [
    (options) => {
      instructions = instructionsOf(options);
      return { calls: [{ name: 'search_schema', input: { query: 'loyalty points' } }] };
    },
    (options) => {
      found = (toolOutputOf(options).tables as { table: string }[]).map((card) => card.table);
      return { text: 'ok' };
    },
  ]);
  return { instructions, found };
}

describe('the schema as the analyst sees it, per version', () => {
  it('sees a table added to the database once the schema is refreshed', async () => {
    const before = await turn();
    expect(before.instructions).not.toContain('LoyaltyPoints');
    expect(before.found).not.toContain('LoyaltyPoints');

    const file = new Database(sqlite.filename);
    file.exec(
      'CREATE TABLE LoyaltyPoints (CustomerId INTEGER REFERENCES Customer (CustomerId), Points INTEGER)',
    );
    file.close();
    // Until the schema is read again, turns share the version they have.
    expect((await turn()).found).not.toContain('LoyaltyPoints');

    const refreshed = await chat.api.get(`/api/databases/${databaseId}/schema?refresh=true`);
    expect(refreshed.status, refreshed.text).toBe(200);
    const after = await turn();
    expect(after.instructions).toContain('- LoyaltyPoints');
    expect(after.found[0]).toBe('LoyaltyPoints');
  });
});
