import type { ConversationSummary } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { authorizeKind } from '../access/authorize.ts';
import { kindSubject } from '../access/subject.ts';
import { resolveContext } from '../context/resolve-context.ts';
import type { User } from '../users/user.ts';
import { insertConversation } from './conversations.repo.ts';
import { presentSummary } from './present-conversation.ts';

/**
 * POST /api/conversations: about a database or project the user may ask about (`run`). It stays
 * unnamed until its first question names it.
 */
export async function createConversation(
  deps: { db: StoreDb },
  input: { user: User; contextId: string },
): Promise<ConversationSummary> {
  authorizeKind(input.user, 'create', kindSubject('conversation'), 'You may not start conversations');
  const context = await resolveContext(deps.db, input.user, input.contextId, 'run');
  const record = await insertConversation(deps.db, {
    ownerId: input.user.id,
    organizationId: input.user.organizationId,
    databaseId: context.database.id,
    projectId: context.project?.id ?? null,
    contextId: input.contextId,
    name: null,
  });
  return presentSummary(record, input.user);
}
