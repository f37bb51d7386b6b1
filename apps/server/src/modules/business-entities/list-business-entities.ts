import type { BusinessEntity, EntityIssue } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { resolveContext } from '../context/resolve-context.ts';
import type { User } from '../users/user.ts';
import { listEntitiesOfDatabase } from './business-entities.repo.ts';
import type { EntityIssues } from './entity-issues.ts';
import { presentBusinessEntity } from './present-business-entity.ts';

/**
 * GET /api/business-entities?contextId=: the business entities of the context's database (a
 * project's are its database's) by name, each with its unresolved issues, most severe first.
 */
export async function listBusinessEntities(
  deps: { db: StoreDb; issues: EntityIssues },
  input: { user: User; contextId: string },
): Promise<BusinessEntity[]> {
  const { database } = await resolveContext(deps.db, input.user, input.contextId);
  const [entities, issues] = await Promise.all([
    listEntitiesOfDatabase(deps.db, database.id),
    deps.issues.unresolvedOf(database.id),
  ]);
  const issuesByEntity = new Map<string, EntityIssue[]>();
  for (const issue of issues) {
    if (issue.businessEntityId === null) continue;
    const list = issuesByEntity.get(issue.businessEntityId) ?? [];
    list.push({ title: issue.title });
    issuesByEntity.set(issue.businessEntityId, list);
  }
  return entities.map((entity) =>
    presentBusinessEntity(entity, issuesByEntity.get(entity.id) ?? [], input.user),
  );
}
