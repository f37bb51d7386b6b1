import Database3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../fixtures/chinook.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { apiClient } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import { addDatabase } from '../helpers/factories.ts';
import { askOnce, shownColumn } from '../helpers/offline-chat.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

/*
 * "Who was hired most recently?" when two people were hired on the same latest day, "which team
 * has the most staff members?" when two teams have as many, "who has the highest salary?" when
 * two are paid as much: the offline analyst shows both, never one of them picked by the order
 * rows happen to come in; from the semantic model and from the schema alone.
 */

let running: RunningApp;
let api: ApiClient;
let client: ChatClient;
let folder: Awaited<ReturnType<typeof temporaryDirectory>>;
let databaseId = '';
let schemaOnly: RunningApp;
let schemaClient: ChatClient;
let schemaDatabaseId = '';

beforeAll(async () => {
  folder = await temporaryDirectory('querent-ties-');
  const filename = `${folder.dir}/staff.sqlite`;
  const setup = new Database3(filename);
  setup.exec(`
    CREATE TABLE teams (team_id INTEGER PRIMARY KEY, team_name TEXT NOT NULL);
    INSERT INTO teams VALUES (1, 'Research'), (2, 'Support'), (3, 'Sales');
    CREATE TABLE staff_members (
      id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, hire_date DATE NOT NULL,
      team_id INTEGER REFERENCES teams (team_id), salary REAL NOT NULL
    );
    INSERT INTO staff_members VALUES
      (1, 'Ada Byron', '2019-03-01', 1, 90000), (2, 'Alan Turing', '2023-06-12', 1, 120000),
      (3, 'Grace Hopper', '2023-06-12', 2, 120000), (4, 'Edsger Dijkstra', '2021-01-04', 2, 80000),
      (5, 'Barbara Liskov', '2020-05-05', 3, 95000);
  `);
  setup.close();
  running = await startTestApp();
  api = apiClient(running.baseUrl);
  databaseId = (await addDatabase(api, { name: 'Staff', engine: 'sqlite', details: { filename } })).id;
  client = await connectChat(running.baseUrl);
  schemaOnly = await startTestApp({ ANALYST_SEMANTIC_MODEL: 'off' });
  const schemaApi = apiClient(schemaOnly.baseUrl);
  schemaDatabaseId = (
    await addDatabase(schemaApi, { name: 'Staff', engine: 'sqlite', details: { filename } })
  ).id;
  schemaClient = await connectChat(schemaOnly.baseUrl);
});

afterAll(async () => {
  client.close();
  schemaClient.close();
  await running.stop();
  await schemaOnly.stop();
  await folder.remove();
});

describe('the latest row when several share it', () => {
  it('shows every person hired on the latest day', async () => {
    const asked = await askOnce(api, client, databaseId, 'Who was hired most recently?');
    expect(asked.final, asked.answer).not.toBeNull();
    if (!asked.final) return;
    expect(shownColumn(asked.final, 'full_name').sort()).toEqual(['Alan Turing', 'Grace Hopper']);
  });

  it('still shows one row when one person is the latest', async () => {
    const asked = await askOnce(api, client, databaseId, 'Who was hired first?');
    expect(asked.final, asked.answer).not.toBeNull();
    if (!asked.final) return;
    expect(shownColumn(asked.final, 'full_name')).toEqual(['Ada Byron']);
  });
});

describe.each([
  { reading: 'the semantic model', ask: (question: string) => askOnce(api, client, databaseId, question) },
  {
    reading: 'the schema alone',
    ask: (question: string) =>
      askOnce(apiClient(schemaOnly.baseUrl), schemaClient, schemaDatabaseId, question),
  },
])('groups and rows tied for first, read through $reading', ({ ask }) => {
  it('shows both teams that have the most staff members, and says they tie', async () => {
    const asked = await ask('Which team has the most staff members?');
    expect(asked.final, asked.answer).not.toBeNull();
    if (!asked.final) return;
    expect(shownColumn(asked.final, 'team_name').sort()).toEqual(['Research', 'Support']);
    expect(asked.answer).toMatch(/\*\*Research\*\* and \*\*Support\*\* tie for the highest/);
  });

  it('shows the one team with the fewest', async () => {
    const asked = await ask('Which team has the fewest staff members?');
    expect(asked.final, asked.answer).not.toBeNull();
    if (!asked.final) return;
    expect(shownColumn(asked.final, 'team_name')).toEqual(['Sales']);
  });

  it('keeps "top 1" to one row, as asked', async () => {
    const asked = await ask('Top 1 teams by number of staff members');
    expect(asked.final, asked.answer).not.toBeNull();
    if (!asked.final) return;
    expect(asked.final.result.rowCount).toBe(1);
  });
});

describe('a column tied for first, from the schema alone', () => {
  it('shows both people with the highest salary', async () => {
    const asked = await askOnce(
      apiClient(schemaOnly.baseUrl),
      schemaClient,
      schemaDatabaseId,
      'Which staff member has the highest salary?',
    );
    expect(asked.final, asked.answer).not.toBeNull();
    if (!asked.final) return;
    expect(shownColumn(asked.final, 'full_name').sort()).toEqual(['Alan Turing', 'Grace Hopper']);
    expect(asked.answer).toContain('tie for the highest');
  });
});
