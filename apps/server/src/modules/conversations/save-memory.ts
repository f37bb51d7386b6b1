import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { insertMemory, listMemories, touchMemory } from './memories.repo.ts';

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Remembers a fact about a database for every later conversation about it. Memory is shared by
 * everyone who uses the database, so only those who may change the database may add to it; a
 * fact already known is refreshed rather than repeated.
 */
export async function saveMemory(
  deps: { db: StoreDb },
  input: { databaseId: string; mayChangeDatabase: boolean; content: string },
): Promise<{ id: string; alreadyKnown: boolean }> {
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
    await touchMemory(deps.db, known.id);
    return { id: known.id, alreadyKnown: true };
  }
  return { id: await insertMemory(deps.db, { databaseId: input.databaseId, content }), alreadyKnown: false };
}
