import type { SavedQuery, UpdateSavedQueryBody } from '@querent/contracts';
import type { User } from '../users/user.ts';
import type { ShowDeps } from './favorite-flags.ts';
import { getSavedQuery } from './get-saved-query.ts';
import { updateQuery } from './queries.repo.ts';
import { queryNotFound, requireQuery } from './query-access.ts';

/**
 * PUT /api/query/{id}: the owner edits the title, SQL, question and verification; new SQL forgets
 * the stored result and the verification.
 */
export async function updateSavedQuery(
  deps: ShowDeps,
  input: { user: User; queryId: string; body: UpdateSavedQueryBody },
): Promise<SavedQuery> {
  const { query } = await requireQuery(deps.db, input.user, input.queryId, 'write');
  const sqlChanged = input.body.sql !== undefined && input.body.sql !== query.sql;
  const updated = await updateQuery(deps.db, query.id, {
    ...(input.body.title === undefined ? {} : { title: input.body.title }),
    ...(sqlChanged && input.body.sql !== undefined ? { sql: input.body.sql } : {}),
    ...(input.body.question === undefined ? {} : { question: input.body.question }),
    // New SQL was not what was verified: it stays verified only when the owner says so again.
    ...(input.body.verified !== undefined
      ? { verified: input.body.verified }
      : sqlChanged
        ? { verified: false }
        : {}),
  });
  if (!updated) throw queryNotFound();
  return getSavedQuery(deps, { user: input.user, queryId: query.id });
}
