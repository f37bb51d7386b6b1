import type { CreateSavedQueryBody, SavedQuery } from '@querent/contracts';
import { authorizeKind } from '../access/authorize.ts';
import { kindSubject } from '../access/subject.ts';
import { requireDatabase } from '../databases/database-access.ts';
import type { User } from '../users/user.ts';
import type { ShowDeps } from './favorite-flags.ts';
import { getSavedQuery } from './get-saved-query.ts';
import { insertSavedQuery } from './queries.repo.ts';

/**
 * POST /api/query: saving needs only read access to the database, like running does; so does
 * verifying, as a verified query is shown only to its owner's organisation's analyst.
 */
export async function createSavedQuery(
  deps: ShowDeps,
  input: { user: User; body: CreateSavedQueryBody },
): Promise<SavedQuery> {
  authorizeKind(input.user, 'create', kindSubject('query'), 'You may not save queries');
  const database = await requireDatabase(deps.db, input.user, input.body.databaseId, 'read');
  const id = await insertSavedQuery(deps.db, {
    title: input.body.title,
    sql: input.body.sql,
    databaseId: database.id,
    ownerId: input.user.id,
    question: input.body.question ?? null,
    verified: input.body.verified ?? false,
  });
  return getSavedQuery(deps, { user: input.user, queryId: id });
}
