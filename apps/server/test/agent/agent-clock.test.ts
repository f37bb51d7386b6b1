import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.ts';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';
import { addDatabase } from '../helpers/factories.ts';
import type { ScriptedChat } from '../helpers/scripted-chat.ts';
import { instructionsOf, startScriptedChat } from '../helpers/scripted-chat.ts';

let chat: ScriptedChat;
let sqlite: { filename: string; remove: () => Promise<void> };
let contextId: string;
// The clock the app reads; each test sets the moment it asks at.
let now = new Date('2026-03-29T00:30:00Z');

beforeAll(async () => {
  sqlite = await chinookSqliteCopy();
  chat = await startScriptedChat({ ANALYST_TIME_ZONE: 'Europe/Paris' }, { now: () => now });
  contextId = `database-${
    (
      await addDatabase(chat.api, {
        name: 'Chinook',
        engine: 'sqlite',
        details: { filename: sqlite.filename },
      })
    ).id
  }`;
});

afterAll(async () => {
  await chat.stop();
  await sqlite.remove();
});

async function instructionsAt(moment: string): Promise<string> {
  now = new Date(moment);
  let instructions = '';
  await chat.ask(contextId, 'How many invoices this month?', [
    (options) => {
      instructions = instructionsOf(options);
      return { text: 'ok' };
    },
  ]);
  return instructions;
}

describe("the analyst's clock", () => {
  it("tells the model today's date and time in the configured zone, from the app's clock", async () => {
    const instructions = await instructionsAt('2026-03-29T00:30:00Z');
    // 00:30 UTC is already 01:30 in Paris, still winter time that night.
    expect(instructions).toContain('Now: Sunday 2026-03-29 01:30 in Europe/Paris (UTC+01:00).');
  });

  it('reads the clock again for each turn, daylight saving and date change included', async () => {
    const instructions = await instructionsAt('2026-06-30T22:15:00Z');
    expect(instructions).toContain('Now: Wednesday 2026-07-01 00:15 in Europe/Paris (UTC+02:00).');
    expect(instructions).not.toContain('2026-03-29');
  });

  it('defaults to the server zone and refuses a zone it does not know, naming the variable', () => {
    expect(loadConfig({}).analystTimeZone).toBeNull();
    expect(loadConfig({ ANALYST_TIME_ZONE: 'europe/paris' }).analystTimeZone).toBe('Europe/Paris');
    expect(() => loadConfig({ ANALYST_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /ANALYST_TIME_ZONE must be an IANA time zone/,
    );
  });
});
