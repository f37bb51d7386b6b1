import type { ConversationSummary, Database } from '@querent/contracts';
import { expect } from 'vitest';
import { LOCAL_ADMIN_ID } from '../../src/auth/local-admin.ts';
import { ensureDemoDatabase } from '../../src/demo/ensure-demo-database.ts';
import { insertUser } from '../../src/modules/users/users.repo.ts';
import type { StoreDb } from '../../src/store/connect.ts';
import { newId } from '../../src/store/values.ts';
import type { ApiClient } from './api-client.ts';
import type { RunningApp } from './test-app.ts';

/*
 * The objects many suites start from, made the way a user makes them (over the API) unless the
 * app does it itself (the demo database). Each checks the answer, so a failure names the setup.
 */

/** Connects a database (POST /api/databases, as `user` when given) and answers it. */
export async function addDatabase(
  api: ApiClient,
  body: Record<string, unknown>,
  options: { user?: string } = {},
): Promise<Database> {
  const created = await api.post<Database>('/api/databases', body, options);
  expect(created.status, created.text).toBe(201);
  return created.body;
}

/** Starts a conversation in a context (`database-…` or `project-…`) and answers its id. */
export async function startConversation(
  api: ApiClient,
  contextId: string,
  options: { user?: string } = {},
): Promise<string> {
  const created = await api.post<ConversationSummary>('/api/conversations', { contextId }, options);
  expect(created.status, created.text).toBe(201);
  return created.body.id;
}

/** Creates the demo shop database as a first start does, for the local administrator; answers its id. */
export async function addDemoDatabase(running: RunningApp): Promise<string> {
  const outcome = await ensureDemoDatabase({
    db: running.built.store.db,
    secrets: running.built.databases.secrets,
    dataDir: running.config.dataDir,
    ownerId: LOCAL_ADMIN_ID,
  });
  if (!outcome.created) throw new Error('The demo database was not created');
  return outcome.databaseId;
}

/** The people the API suites act as: Ann and Ben, members of Acme, and Eve, of no organisation. Answers Acme's id. */
export async function seedAcmePeople(
  db: StoreDb,
  people: { ann: string; ben: string; eve: string },
): Promise<string> {
  const acme = newId();
  await db.insertInto('organizations').values({ id: acme, name: 'Acme' }).execute();
  await insertUser(db, { id: people.ann, role: 'member', organizationId: acme });
  await insertUser(db, { id: people.ben, role: 'member', organizationId: acme });
  await insertUser(db, { id: people.eve, role: 'member' });
  return acme;
}
