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
 * "Who was hired most recently?" when two people were hired on the same latest day: the offline
 * analyst shows both, never one of them picked by the order rows happen to come in.
 */

let running: RunningApp;
let api: ApiClient;
let client: ChatClient;
let folder: Awaited<ReturnType<typeof temporaryDirectory>>;
let databaseId = '';

beforeAll(async () => {
  folder = await temporaryDirectory('querent-ties-');
  const filename = `${folder.dir}/staff.sqlite`;
  const setup = new Database3(filename);
  setup.exec(`
    CREATE TABLE staff_members (id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, hire_date DATE NOT NULL);
    INSERT INTO staff_members VALUES
      (1, 'Ada Byron', '2019-03-01'), (2, 'Alan Turing', '2023-06-12'),
      (3, 'Grace Hopper', '2023-06-12'), (4, 'Edsger Dijkstra', '2021-01-04');
  `);
  setup.close();
  running = await startTestApp();
  api = apiClient(running.baseUrl);
  databaseId = (await addDatabase(api, { name: 'Staff', engine: 'sqlite', details: { filename } })).id;
  client = await connectChat(running.baseUrl);
});

afterAll(async () => {
  client.close();
  await running.stop();
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
