import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDatabase } from '../helpers/factories.ts';
import type { ScriptedChat } from '../helpers/scripted-chat.ts';
import { startScriptedChat, toolOutputOf } from '../helpers/scripted-chat.ts';
import { combineTargetEnvs, openQualityTargets, qualifiedName } from '../helpers/quality-targets.ts';

/*
 * The hints run_sql adds to what the model reads, from the real messages of each engine: the
 * closest names of the schema for an unknown table or column, and the likely causes of an empty
 * result (a literal not spelled as stored first).
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

async function runSql(contextId: string, query: string): Promise<Record<string, unknown>> {
  let output: Record<string, unknown> = {};
  const { end } = await chat.ask(contextId, 'Run it', [
    { calls: [{ name: 'run_sql', input: { query } }] },
    (options) => {
      output = toolOutputOf(options);
      return { text: 'done' };
    },
  ]);
  expect(end.status).toBe('clear');
  return output;
}

describe.each(targets.map((target) => [target.label, target] as const))(
  'run_sql hints on %s',
  (label, target) => {
    let contextId: string;
    const customers = qualifiedName(target.defects.customers);
    const column = target.defects.column;

    beforeAll(async () => {
      contextId = `database-${
        (
          await addDatabase(chat.api, {
            name: `${label} hints`,
            engine: target.engine,
            details: target.defects.details,
          })
        ).id
      }`;
    });

    it('names the closest column when a column does not exist', async () => {
      const output = await runSql(contextId, `SELECT countri FROM ${customers}`);
      expect(output.error).toEqual(expect.any(String));
      expect(output.hint).toContain(`Closest columns: ${column('country')}`);
    });

    it('names the closest table when a table does not exist', async () => {
      const output = await runSql(contextId, `SELECT * FROM ${customers.slice(0, -1)}`);
      // Shown as SQL names it: qualified where the database has several schemas.
      expect(String(output.hint)).toMatch(
        new RegExp(`Closest tables: (\\w+\\.)?${target.defects.customers.name}\\b`),
      );
    });

    it('lists the likely causes of an empty result, the literal first', async () => {
      const output = await runSql(
        contextId,
        `SELECT COUNT(*) AS n FROM ${customers} WHERE ${column('country')} = 'germany'`,
      );
      expect(output.rows).toEqual([[0]]);
      expect(output.hint).toContain("a literal not spelled as stored ('germany'");
      expect(output.hint).toContain('column_values');
    });

    it('adds nothing to a result that found rows', async () => {
      const output = await runSql(
        contextId,
        `SELECT COUNT(*) AS n FROM ${customers} WHERE ${column('country')} = 'DE'`,
      );
      expect(output.rows).toEqual([[2]]);
      expect(output).not.toHaveProperty('hint');
    });
  },
);
