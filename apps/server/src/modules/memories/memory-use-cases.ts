import type { Memories, Memory, MemoryChange } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { Action } from '../access/access-words.ts';
import { authorize } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import { can } from '../access/can.ts';
import { followingSubject } from '../access/subject.ts';
import { databaseNotFound, findDatabase } from '../databases/database-access.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { databaseSubject } from '../databases/database-subject.ts';
import type { MemoryRecord } from './memories.repo.ts';
import { deleteMemory, findMemory, insertMemory, listMemories, updateMemory } from './memories.repo.ts';

type Asker = Actor;

/** The database whose memory this is, as the policy's `memory` rules allow (it follows its database). */
async function requireMemoryOf(
  db: StoreDb,
  user: Asker,
  databaseId: string,
  action: Action,
  notFound: () => AppError = databaseNotFound,
): Promise<DatabaseRecord> {
  const database = await findDatabase(db, databaseId);
  if (!database) throw notFound();
  authorize(user, action, followingSubject('memory', databaseSubject(database)), {
    notFound,
    forbidden: () =>
      new AppError(
        'FORBIDDEN',
        'Only the owner of this database and administrators can change what the analyst remembers',
      ),
  });
  return database;
}

function present(record: MemoryRecord): Memory {
  return { ...record };
}

/** A database's memory as its page shows it; anyone who may use the database may read it. */
export async function listDatabaseMemories(
  deps: { db: StoreDb },
  input: { user: Asker; databaseId: string },
): Promise<Memories> {
  const database = await requireMemoryOf(deps.db, input.user, input.databaseId, 'read');
  const records = await listMemories(deps.db, database.id);
  const canChange = can(input.user, 'edit', followingSubject('memory', databaseSubject(database)));
  return { memories: records.map(present), canChange };
}

/** A person's fact: approved at once, since a person wrote it. */
export async function addMemory(
  deps: { db: StoreDb },
  input: { user: Asker; databaseId: string; content: string },
): Promise<Memory> {
  const database = await requireMemoryOf(deps.db, input.user, input.databaseId, 'edit');
  const id = await insertMemory(deps.db, {
    databaseId: database.id,
    content: input.content,
    status: 'approved',
    source: 'person',
    conversationId: null,
  });
  return present(await mustFind(deps.db, id));
}

async function mustFind(db: StoreDb, id: string): Promise<MemoryRecord> {
  const record = await findMemory(db, id);
  if (!record) throw new AppError('NOT_FOUND', 'Memory not found');
  return record;
}

/** A fact the user may change or forget; one of a database they cannot see is not found. */
async function requireChangeableMemory(
  db: StoreDb,
  user: Asker,
  id: string,
  action: 'edit' | 'delete',
): Promise<MemoryRecord> {
  const record = await mustFind(db, id);
  await requireMemoryOf(
    db,
    user,
    record.databaseId,
    action,
    () => new AppError('NOT_FOUND', 'Memory not found'),
  );
  return record;
}

/** New words for a fact, or a person's approval of one the analyst saved. */
export async function changeMemory(
  deps: { db: StoreDb },
  input: { user: Asker; id: string; change: MemoryChange },
): Promise<Memory> {
  const record = await requireChangeableMemory(deps.db, input.user, input.id, 'edit');
  await updateMemory(deps.db, record.id, {
    ...(input.change.content === undefined ? {} : { content: input.change.content }),
    ...(input.change.status === undefined ? {} : { status: input.change.status }),
  });
  return present(await mustFind(deps.db, record.id));
}

export async function forgetMemory(deps: { db: StoreDb }, input: { user: Asker; id: string }): Promise<void> {
  const record = await requireChangeableMemory(deps.db, input.user, input.id, 'delete');
  await deleteMemory(deps.db, record.id);
}
