import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { insertMemory, listMemories, updateMemory } from './memories.repo.ts';

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Keeps a fact the analyst learnt about a database, pending: memory steers every later answer
 * about the database, for everyone who uses it, so a person approves a fact on the database's
 * memory page before the analyst sees it. Only those who may change the database may add to it;
 * a fact already known (pending or approved) is refreshed rather than repeated.
 */
export async function saveAnalystMemory(
  deps: { db: StoreDb },
  input: { databaseId: string; mayChangeDatabase: boolean; content: string; conversationId: string },
): Promise<{ id: string; alreadyKnown: boolean; pending: boolean }> {
  if (!input.mayChangeDatabase) {
    throw new AppError(
      'FORBIDDEN',
      'This database is shared read-only with this user, so its memory cannot be changed; keep the fact in this conversation instead.',
    );
  }
  const content = input.content.trim();
  const known = (await listMemories(deps.db, input.databaseId)).find(
    (memory) => normalise(memory.content) === normalise(content),
  );
  if (known) {
    await updateMemory(deps.db, known.id, {});
    return { id: known.id, alreadyKnown: true, pending: known.status === 'pending' };
  }
  const id = await insertMemory(deps.db, {
    databaseId: input.databaseId,
    content,
    status: 'pending',
    source: 'model',
    conversationId: input.conversationId,
  });
  return { id, alreadyKnown: false, pending: true };
}

/** What the analyst may use: the approved facts only. */
export async function readApprovedMemories(
  deps: { db: StoreDb },
  databaseId: string,
): Promise<{ content: string; updatedAt: string }[]> {
  return listMemories(deps.db, databaseId, { status: 'approved' });
}
