import type { SemanticModelAbilities } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { authorize } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import { can } from '../access/can.ts';
import type { Subject } from '../access/subject.ts';
import { followingSubject } from '../access/subject.ts';
import { databaseNotFound, databaseSeenBy, findDatabase } from '../databases/database-access.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { databaseSubject } from '../databases/database-subject.ts';

/** What may be asked of a semantic model: read it, change it (and its proposals), certify metrics. */
export type SemanticModelAction = 'read' | 'edit' | 'certify';

/** A database's semantic model as the policy sees it: it follows its database. */
export function semanticModelSubject(database: DatabaseRecord): Subject {
  return followingSubject('semantic_model', databaseSubject(database));
}

const refusals: Record<Exclude<SemanticModelAction, 'read'>, string> = {
  edit: 'Only the owner of this database and administrators can change its semantic model',
  certify: 'Only the owner of this database and administrators can certify its metrics',
};

/**
 * The database whose model this is, if the actor may do `action` to the model: 404 when they may
 * not see the database, 403 when they see it but may not do this. Whoever may not change the
 * database's data gets it in safe mode, so a metric query runs read-only for them.
 */
export async function requireSemanticModelOf(
  db: StoreDb,
  actor: Actor,
  databaseId: string,
  action: SemanticModelAction,
): Promise<DatabaseRecord> {
  const database = await findDatabase(db, databaseId);
  if (!database) throw databaseNotFound();
  authorize(actor, action, semanticModelSubject(database), {
    notFound: databaseNotFound,
    forbidden: () => new AppError('FORBIDDEN', action === 'read' ? refusals.edit : refusals[action]),
  });
  return databaseSeenBy(actor, database);
}

export function semanticModelAbilities(actor: Actor, database: DatabaseRecord): SemanticModelAbilities {
  const subject = semanticModelSubject(database);
  return { edit: can(actor, 'edit', subject), certify: can(actor, 'certify', subject) };
}
