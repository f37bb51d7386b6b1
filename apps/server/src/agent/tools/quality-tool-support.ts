import { AppError } from '../../errors.ts';
import type { BusinessEntityRecord } from '../../modules/business-entities/business-entities.repo.ts';
import { findEntityById } from '../../modules/business-entities/business-entities.repo.ts';
import { findEntityByName } from '../../modules/quality/scan/analyze-entity.ts';
import type { AssessedEntity } from '../../modules/quality/scan/scan-summary.ts';
import type { User } from '../../modules/users/users.repo.ts';
import { findUserById } from '../../modules/users/users.repo.ts';
import type { ToolContext } from './agent-tool.ts';

/** Quality tools that change entities, checks or issues need the right to change the database. */
export function requireChanges(context: ToolContext): void {
  if (!context.mayChangeDatabase) {
    throw new AppError(
      'FORBIDDEN',
      'This database is shared read-only with this user: its business entities, checks and issues cannot be changed here.',
    );
  }
}

/** The user the turn acts for, for the use cases that check access themselves. */
export async function actingUser(context: ToolContext): Promise<User> {
  const user = await findUserById(context.db, context.ownerId);
  if (!user) throw new AppError('NOT_FOUND', 'The user of this conversation no longer exists');
  return user;
}

/** An entity of this conversation's database, by id or by name. */
export async function entityNamed(context: ToolContext, nameOrId: string): Promise<BusinessEntityRecord> {
  const byId = await findEntityById(context.db, nameOrId);
  if (byId && byId.databaseId === context.database.id) return byId;
  return findEntityByName(context.quality, context.database, nameOrId);
}

/** An assessed entity as the model reads it: its scores and at most a few of its issues. */
export function forModel(entity: AssessedEntity, issues = 5): AssessedEntity & { more_issues?: number } {
  return {
    ...entity,
    issues: entity.issues.slice(0, issues),
    ...(entity.issues.length > issues ? { more_issues: entity.issues.length - issues } : {}),
  };
}
