import { AppError } from '../../../errors.ts';
import type { Actor } from '../../access/can.ts';
import type { BusinessEntityRecord } from '../../business-entities/entity-record.ts';
import { findEntity } from '../../business-entities/entity-operations.ts';
import type { DatabaseRecord } from '../../databases/database-record.ts';
import type { QualityDeps } from '../quality-deps.ts';
import { findEntityByName } from '../scan/analyze-entity.ts';
import type { AssessedEntity } from '../scan/scan-summary.ts';

/** The turn the analyst's quality tools act in: its database, its user, its conversation. */
export interface AnalystTurn {
  database: DatabaseRecord;
  /** The conversation's owner, asking. */
  asker: Actor;
  conversationId: string;
  /** Whether the user may change the database, and so its entities, checks and issues. */
  mayChange: boolean;
  signal: AbortSignal;
}

/** Tools that change entities, checks or issues need the right to change the database. */
export function requireChanges(turn: AnalystTurn): void {
  if (!turn.mayChange) {
    throw new AppError(
      'FORBIDDEN',
      'This database is shared read-only with this user: its business entities, checks and issues cannot be changed here.',
    );
  }
}

/** An entity of the turn's database, by id or by name. */
export async function entityNamed(
  deps: QualityDeps,
  turn: AnalystTurn,
  nameOrId: string,
): Promise<BusinessEntityRecord> {
  const byId = await findEntity(deps.db, nameOrId);
  if (byId && byId.databaseId === turn.database.id) return byId;
  return findEntityByName(deps, turn.database, nameOrId);
}

/** An assessed entity as the model reads it: its scores and at most a few of its issues. */
export function forModel(entity: AssessedEntity, issues = 5): AssessedEntity & { more_issues?: number } {
  return {
    ...entity,
    issues: entity.issues.slice(0, issues),
    ...(entity.issues.length > issues ? { more_issues: entity.issues.length - issues } : {}),
  };
}
