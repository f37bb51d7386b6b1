import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDatabase } from '../helpers/factories.ts';
import type { ScriptedChat } from '../helpers/scripted-chat.ts';
import { startScriptedChat, toolOutputOf } from '../helpers/scripted-chat.ts';
import { combineTargetEnvs, openQualityTargets, qualifiedName } from '../helpers/quality-targets.ts';

/*
 * column_values on the six engines (PostgreSQL, MariaDB, SQLite and DuckDB for real; Snowflake and
 * BigQuery through their local fakes), driven by a scripted model through the real loop: counts of
 * the planted countries of qa_customers, a literal found in another case, and a misspelt track name
 * found among Chinook's 3,503 tracks, beyond the first scan of the most frequent values.
 */

const targets = await openQualityTargets();

let chat: ScriptedChat;

beforeAll(async () => {
  chat = await startScriptedChat(combineTargetEnvs(targets));
});

afterAll(async () => {
  await chat.stop();
  await Promise.all(targets.map((target) => target.dispose()));
});

/** Asks once with a model that calls column_values with `input` and returns what the tool answered. */
async function valuesOf(contextId: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  let output: Record<string, unknown> = {};
  const { end } = await chat.ask(contextId, 'Which values?', [
    { calls: [{ name: 'column_values', input }] },
    (options) => {
      output = toolOutputOf(options);
      return { text: 'done' };
    },
  ]);
  expect(end.status).toBe('clear');
  return output;
}

describe.each(targets.map((target) => [target.label, target] as const))(
  'column_values on %s',
  (label, target) => {
    let defects: string;
    let chinook: string;

    beforeAll(async () => {
      const { engine } = target;
      const defectsDb = await addDatabase(chat.api, {
        name: `${label} defects`,
        engine,
        details: target.defects.details,
      });
      const chinookDb = await addDatabase(chat.api, {
        name: `${label} Chinook`,
        engine,
        details: target.chinook.details,
      });
      [defects, chinook] = [`database-${defectsDb.id}`, `database-${chinookDb.id}`];
    });

    it('lists the distinct values with their counts, most frequent first, and finds a literal in another case', async () => {
      const output = await valuesOf(defects, {
        table: qualifiedName(target.defects.customers),
        column: target.defects.column('country').toLowerCase(),
        search: 'fr',
      });
      expect(output).toMatchObject({
        column: target.defects.column('country'),
        distinctValues: 4,
        columns: ['value', 'rows'],
        mostFrequent: [
          ['US', 3],
          ['DE', 2],
          ['FR', 2],
          ['XX', 1],
        ],
        search: 'fr',
        matches: [{ value: 'FR', rows: 2, match: 'same letters' }],
      });
      expect(output.hint).toContain(`the closest stored value is 'FR'`);
    });

    it('finds a misspelt value among more values than one scan reads', async () => {
      const output = await valuesOf(chinook, {
        table: qualifiedName(target.chinook.track),
        column: target.chinook.columns.name,
        search: 'walkabuot',
        limit: 3,
      });
      expect(output.distinctValues).toBe('more than 1000');
      expect(output.mostFrequent).toHaveLength(3);
      expect(output.matches).toEqual([{ value: 'Walkabout', rows: 1, match: 'close spelling' }]);
    });
  },
);

describe('column_values when a name is wrong', () => {
  it('names the closest tables and columns of the schema', async () => {
    const target = targets.find((candidate) => candidate.engine === 'sqlite');
    if (!target) throw new Error('SQLite is always there');
    const database = await addDatabase(chat.api, {
      name: 'SQLite names',
      engine: target.engine,
      details: target.chinook.details,
    });
    const contextId = `database-${database.id}`;
    expect(await valuesOf(contextId, { table: 'Trakc', column: 'Name' })).toEqual({
      error: 'No table named Trakc. Did you mean: Track?',
    });
    expect(await valuesOf(contextId, { table: 'Track', column: 'composr' })).toEqual({
      error: 'Track has no column composr. Did you mean: Composer?',
    });
    expect(
      await valuesOf(contextId, { table: 'Customer', column: 'Country', search: 'Atlantis' }),
    ).toMatchObject({
      matches: [],
      hint: expect.stringContaining('No stored value resembles "Atlantis"') as unknown,
    });
  });
});
