import type { Conversation, ConversationSummary, StatusEvent } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_TURN_MESSAGE } from '../../../src/modules/conversations/interrupted-turn.ts';
import { insertMessage } from '../../../src/modules/conversations/messages.repo.ts';
import { insertUser } from '../../../src/modules/users/users.repo.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import { connectChat } from '../../helpers/chat-client.ts';
import { addDatabase } from '../../helpers/factories.ts';
import { scriptedModel } from '../../helpers/scripted-model.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient, expectError, TEST_USER_HEADER } from '../../helpers/api-client.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/** Conversations REST on both metadata stores, with a second user for ownership. */
const OTHER = 'conversations-other-user';

for (const dialect of await storeDialects('Conversations API')) {
  describe.skipIf(!dialect.run)(`conversations API on the ${dialect.name}`, () => {
    let appStore: AppStore;
    let running: RunningApp;
    let api: ApiClient;
    let other: ApiClient;
    let sqlite: { filename: string; remove: () => Promise<void> };
    let databaseId: string;
    let contextId: string;

    beforeAll(async () => {
      appStore = await dialect.open();
      sqlite = await chinookSqliteCopy();
      running = await startTestApp(appStore.env, {
        ...(appStore.store ? { store: appStore.store } : {}),
        testUserHeader: TEST_USER_HEADER,
        languageModel: scriptedModel([{ text: 'First answer.' }, { text: 'Second answer.' }]),
      });
      await insertUser(running.built.store.db, { id: OTHER, email: 'other@example.com', role: 'member' });
      api = apiClient(running.baseUrl);
      other = apiClient(running.baseUrl, { user: OTHER });
      databaseId = (
        await addDatabase(api, {
          name: 'Chinook',
          engine: 'sqlite',
          details: { filename: sqlite.filename },
        })
      ).id;
      contextId = `database-${databaseId}`;
    });

    afterAll(async () => {
      await running.stop();
      await appStore.dispose();
      await sqlite.remove();
    });

    const create = (body: unknown, client: ApiClient = api) =>
      client.post<ConversationSummary>('/api/conversations', body);

    it('creates an unnamed conversation about a database the user may read', async () => {
      const response = await create({ contextId });
      expect(response.status, response.text).toBe(201);
      expect(response.body).toMatchObject({
        name: null,
        contextId,
        status: 'clear',
        // Private until shared; its owner may do everything with it.
        shared: false,
        abilities: {
          run: true,
          write_data: false,
          edit: true,
          delete: true,
          share: true,
          publish: false,
          confirm_credentials: false,
        },
      });
      expect(Object.keys(response.body).sort()).toEqual([
        'abilities',
        'contextId',
        'createdAt',
        'id',
        'name',
        'shared',
        'status',
        'updatedAt',
      ]);
    });

    it('creates one about a project', async () => {
      const project = await api.post<{ id: string }>('/api/projects', {
        name: 'Sales',
        databaseId,
        tables: [{ schema: 'main', table: 'Invoice' }],
      });
      expect(project.status, project.text).toBe(201);
      const response = await create({ contextId: `project-${project.body.id}` });
      expect(response.status, response.text).toBe(201);
      expect(response.body.contextId).toBe(`project-${project.body.id}`);
      expectError(await create({ contextId: `project-${project.body.id}` }, other), 404, {
        code: 'NOT_FOUND',
        message: 'Project not found',
      });
    });

    it('names bad input and hides what the user may not read', async () => {
      expectError(await create({}), 400, { code: 'BAD_REQUEST', field: 'contextId' });
      expectError(await create({ contextId: 'chinook' }), 400, { field: 'contextId' });
      expectError(await create({ contextId: 'database-nope' }), 404, { message: 'Database not found' });
      // A private database of someone else is invisible; a public one may be talked about.
      expectError(await create({ contextId }, other), 404, { message: 'Database not found' });
      expect((await api.put(`/api/databases/${databaseId}`, { public: true })).status).toBe(200);
      const onPublic = await create({ contextId }, other);
      expect(onPublic.status, onPublic.text).toBe(201);
      expect((await api.put(`/api/databases/${databaseId}`, { public: false })).status).toBe(200);
    });

    it('lists the user’s own conversations about a context, most recently active first', async () => {
      const first = (await create({ contextId })).body;
      const second = (await create({ contextId })).body;
      expect((await api.put(`/api/conversations/${first.id}`, { name: 'Renamed later' })).status).toBe(200);
      const list = await api.get<ConversationSummary[]>(`/api/conversations?contextId=${contextId}`);
      expect(list.status, list.text).toBe(200);
      const ids = list.body.map((entry) => entry.id);
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
      expect(list.body.every((entry) => entry.contextId === contextId)).toBe(true);
      // Someone who may not see the context is told it does not exist.
      expectError(await other.get(`/api/conversations?contextId=${contextId}`), 404);
      expectError(await api.get('/api/conversations'), 400, { field: 'contextId' });
      expectError(await api.get('/api/conversations?contextId=nope'), 400, { field: 'contextId' });
    });

    it('answers one conversation with its messages in order', async () => {
      const created = (await create({ contextId })).body;
      const db = running.built.store.db;
      await insertMessage(db, { conversationId: created.id, role: 'user', content: 'How many tracks?' });
      await insertMessage(db, {
        conversationId: created.id,
        role: 'assistant',
        content: null,
        functionCall: { name: 'run_sql', arguments: { query: 'SELECT 1' }, callId: 'c1' },
      });
      await insertMessage(db, { conversationId: created.id, role: 'assistant', content: '3503 tracks.' });
      const response = await api.get<Conversation>(`/api/conversations/${created.id}`);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toMatchObject({ id: created.id, contextId, status: 'clear', error: null });
      expect(
        response.body.messages.map((message) => [message.role, message.content, message.functionCall?.name]),
      ).toEqual([
        ['user', 'How many tracks?', undefined],
        ['assistant', null, 'run_sql'],
        ['assistant', '3503 tracks.', undefined],
      ]);
      expect(response.body.messages[1]?.functionCall).toEqual({
        name: 'run_sql',
        arguments: { query: 'SELECT 1' },
        callId: 'c1',
      });
      expect(response.body.messages.every((message) => message.conversationId === created.id)).toBe(true);
    });

    it('renames, checking the name', async () => {
      const created = (await create({ contextId })).body;
      const renamed = await api.put<ConversationSummary>(`/api/conversations/${created.id}`, {
        name: '  Top artists  ',
      });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.body.name).toBe('Top artists');
      expectError(await api.put(`/api/conversations/${created.id}`, { name: '   ' }), 400, { field: 'name' });
      expectError(await api.put(`/api/conversations/${created.id}`, {}), 400, { field: 'name' });
    });

    it('deletes a conversation with its messages', async () => {
      const created = (await create({ contextId })).body;
      await insertMessage(running.built.store.db, {
        conversationId: created.id,
        role: 'user',
        content: 'Hi',
      });
      const deleted = await api.del(`/api/conversations/${created.id}`);
      expect(deleted.status, deleted.text).toBe(204);
      expectError(await api.get(`/api/conversations/${created.id}`), 404, {
        message: 'Conversation not found',
      });
      const left = await running.built.store.db
        .selectFrom('messages')
        .select('id')
        .where('conversation_id', '=', created.id)
        .execute();
      expect(left).toEqual([]);
    });

    it('shows a conversation to its owner only', async () => {
      const created = (await create({ contextId })).body;
      const path = `/api/conversations/${created.id}`;
      for (const response of [
        await other.get(path),
        await other.put(path, { name: 'Mine now' }),
        await other.del(path),
      ]) {
        expectError(response, 404, { code: 'NOT_FOUND', message: 'Conversation not found' });
      }
      expect((await api.get<Conversation>(path)).body.name).toBeNull();
      expectError(await api.get('/api/conversations/does-not-exist'), 404, {
        message: 'Conversation not found',
      });
    });

    it('answers over the socket, and a turn whose instance died is shown interrupted, never running', async () => {
      const created = (await create({ contextId })).body;
      const client = await connectChat(running.baseUrl);
      try {
        const done = (event: StatusEvent) => event.conversation_id === created.id && event.status === 'clear';
        client.socket.emit('ask', created.id, 'First?');
        await client.waitFor<StatusEvent>('status', done);
        // As if the instance answering crashed: running, with a lease long expired.
        await running.built.store.db
          .updateTable('conversations')
          .set({ status: 'running', turn_expires_at: '2020-01-01T00:00:00.000Z' })
          .where('id', '=', created.id)
          .execute();
        const listed = await api.get<ConversationSummary[]>(`/api/conversations?contextId=${contextId}`);
        expect(listed.body.find((entry) => entry.id === created.id)?.status).toBe('error');
        const lapsed = await api.get<Conversation>(`/api/conversations/${created.id}`);
        expect(lapsed.body).toMatchObject({ status: 'error', error: INTERRUPTED_TURN_MESSAGE });
        // The next question closes the lost turn in the conversation before it is answered.
        client.socket.emit('ask', created.id, 'Second?');
        await client.waitFor<StatusEvent>(
          'status',
          (event) => done(event) && client.all('status').length >= 5,
        );
        expect(client.all<StatusEvent>('status').map((event) => event.status)).toEqual([
          'running',
          'clear',
          'error',
          'running',
          'clear',
        ]);
        const conversation = await api.get<Conversation>(`/api/conversations/${created.id}`);
        expect(conversation.body.messages.map((message) => message.content)).toEqual([
          'First?',
          'First answer.',
          INTERRUPTED_TURN_MESSAGE,
          'Second?',
          'Second answer.',
        ]);
        expect(conversation.body.name).toBe('First?');
      } finally {
        client.close();
      }
    });
  });
}
