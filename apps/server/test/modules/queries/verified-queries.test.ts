import type { SavedQuery } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listVerifiedExamples } from '../../../src/modules/queries/list-verified-queries.ts';
import { findDatabaseById } from '../../../src/modules/databases/databases.repo.ts';
import { insertSavedQuery, setQueriesShared } from '../../../src/modules/queries/queries.repo.ts';
import { insertUser } from '../../../src/modules/users/users.repo.ts';
import { newId } from '../../../src/store/values.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import { actAsHeaderUser, expectError } from '../../helpers/api-client.ts';
import { addDatabase } from '../../helpers/factories.ts';
import type { ScriptedChat } from '../../helpers/scripted-chat.ts';
import { instructionsOf, startScriptedChat, toolOutputOf } from '../../helpers/scripted-chat.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';

/*
 * Verified queries on both metadata stores: a saved query carries the question it answers and a
 * verified mark (new SQL drops the mark unless it is given again), and the analyst's instructions
 * show the verified queries closest to the question, ranked as the schema search ranks tables,
 * only to people who may read them.
 */

const genreRevenue =
  'SELECT g.Name, SUM(il.UnitPrice * il.Quantity) AS revenue FROM InvoiceLine il JOIN Track t ON t.TrackId = il.TrackId JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.Name ORDER BY revenue DESC';

for (const dialect of await storeDialects('Verified queries')) {
  describe.skipIf(!dialect.run)(`verified queries on the ${dialect.name}`, () => {
    let appStore: AppStore;
    let chat: ScriptedChat;
    let chinook: { filename: string; remove: () => Promise<void> };
    let databaseId: string;

    beforeAll(async () => {
      chinook = await chinookSqliteCopy();
      appStore = await dialect.open();
      chat = await startScriptedChat(appStore.env, {
        ...(appStore.store ? { store: appStore.store } : {}),
        beforeListen: actAsHeaderUser,
      });
      databaseId = (
        await addDatabase(chat.api, {
          name: 'Chinook',
          engine: 'sqlite',
          details: { filename: chinook.filename },
        })
      ).id;
    });

    afterAll(async () => {
      await chat.stop();
      await appStore.dispose();
      await chinook.remove();
    });

    const save = (body: Record<string, unknown>) =>
      chat.api.post<SavedQuery>('/api/query', { databaseId, ...body });

    it('saves the question a query answers and its verified mark, and checks both', async () => {
      const saved = await save({
        title: 'Revenue by genre',
        sql: genreRevenue,
        question: '  Which genre brings the most revenue? ',
        verified: true,
      });
      expect(saved.status, saved.text).toBe(201);
      expect(saved.body).toMatchObject({ question: 'Which genre brings the most revenue?', verified: true });
      const plain = await save({ title: 'Plain', sql: 'SELECT 1' });
      expect(plain.body).toMatchObject({ question: null, verified: false });
      expectError(await save({ title: 'Bad', sql: 'SELECT 1', verified: 'yes' }), 400, { field: 'verified' });
      expectError(await save({ title: 'Bad', sql: 'SELECT 1', question: ' ' }), 400, { field: 'question' });
    });

    it('drops the mark when the SQL changes, unless it is given again', async () => {
      const saved = await save({ title: 'Count', sql: 'SELECT 1', question: 'How many?', verified: true });
      const path = `/api/query/${saved.body.id}`;
      const renamed = await chat.api.put<SavedQuery>(path, { title: 'Count of tracks' });
      expect(renamed.body).toMatchObject({ verified: true, question: 'How many?' });
      const changed = await chat.api.put<SavedQuery>(path, { sql: 'SELECT COUNT(*) FROM Track' });
      expect(changed.body.verified).toBe(false);
      const again = await chat.api.put<SavedQuery>(path, { sql: 'SELECT 2', verified: true, question: null });
      expect(again.body).toMatchObject({ sql: 'SELECT 2', verified: true, question: null });
      expectError(await chat.api.put(path, {}), 400);
    });

    it('shows the analyst the verified queries closest to the question, best first', async () => {
      await save({
        title: 'Customers per country',
        sql: 'SELECT Country, COUNT(*) FROM Customer GROUP BY Country',
        question: 'How many customers do we have in each country?',
        verified: true,
      });
      await save({
        title: 'Hires',
        sql: 'SELECT HireDate FROM Employee',
        question: 'When were employees hired?',
        verified: true,
      });
      // Not verified: never shown, however close.
      await save({ title: 'Genre revenue draft', sql: 'SELECT 0', question: 'Revenue of each genre' });
      let instructions = '';
      await chat.ask(`database-${databaseId}`, 'What is the revenue per genre?', [
        (options) => {
          instructions = instructionsOf(options);
          return { text: 'ok' };
        },
      ]);
      const section = instructions.slice(instructions.indexOf('Verified queries:'));
      expect(section).toContain('- Question: Which genre brings the most revenue?');
      expect(section).toContain('    SELECT g.Name, SUM(il.UnitPrice * il.Quantity) AS revenue');
      expect(section).not.toContain('employees hired');
      expect(section).not.toContain('SELECT 0');
      const first = section.indexOf('Which genre');
      const country = section.indexOf('each country');
      expect(country === -1 || country > first).toBe(true);

      let unrelated = '';
      await chat.ask(`database-${databaseId}`, 'List the playlists', [
        (options) => {
          unrelated = instructionsOf(options);
          return { text: 'ok' };
        },
      ]);
      expect(unrelated).not.toContain('Verified queries:');
    });

    it('says an answer stands on a verified query when the analyst runs its SQL as written', async () => {
      const outputs: Record<string, unknown>[] = [];
      const runAndRead = (sql: string) => [
        () => ({ calls: [{ name: 'run_sql', input: { query: sql } }] }),
        (options: Parameters<typeof toolOutputOf>[0]) => {
          outputs.push(toolOutputOf(options));
          return { text: 'done' };
        },
      ];
      // The genre revenue query verified above, laid out on other lines and ended by a semicolon.
      await chat.ask(
        `database-${databaseId}`,
        'Revenue by genre?',
        runAndRead(`${genreRevenue.replace(' FROM ', '\n  FROM ')};`),
      );
      await chat.ask(
        `database-${databaseId}`,
        'Revenue by genre, top 3?',
        runAndRead(`${genreRevenue} LIMIT 3`),
      );
      const [reused, written] = outputs;
      expect(reused?.standsOn).toMatchObject([{ kind: 'verified_query', title: 'Revenue by genre' }]);
      expect(written).not.toHaveProperty('standsOn');
    });

    it('gives the verified queries of the asker and those shared with their organisation only', async () => {
      const { db } = chat.running.built.store;
      const org = newId();
      await db.insertInto('organizations').values({ id: org, name: 'Verifiers' }).execute();
      const [ann, ben, eve] = [newId(), newId(), newId()];
      await insertUser(db, { id: ann, role: 'member', organizationId: org });
      await insertUser(db, { id: ben, role: 'member', organizationId: org });
      await insertUser(db, { id: eve, role: 'member' });
      const database = await findDatabaseById(db, databaseId);
      if (!database) throw new Error('database vanished');
      const annQuery = await insertSavedQuery(db, {
        title: 'Ann’s',
        sql: 'SELECT 1',
        databaseId,
        ownerId: ann,
        question: 'Ann asks',
        verified: true,
      });
      const seen = async (askerId: string) =>
        (await listVerifiedExamples(db, { askerId, database })).map((query) => query.question);
      expect(await seen(ann)).toEqual(['Ann asks']);
      // Private until Ann shares it with her organisation.
      expect(await seen(ben)).toEqual([]);
      await setQueriesShared(db, annQuery, true);
      expect(await seen(ben)).toEqual(['Ann asks']);
      expect(await seen(eve)).toEqual([]);
    });
  });
}
