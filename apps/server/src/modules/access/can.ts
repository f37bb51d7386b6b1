import type { UserRole } from '../../store/schema.ts';
import type { Action, ObjectAction, ObjectKind, Relation } from './access-words.ts';
import { objectActions } from './access-words.ts';
import { roleTable } from './role-table.ts';
import type { Subject } from './subject.ts';

/** Who is asking, as the policy needs them. */
export interface Actor {
  id: string;
  role: UserRole;
  organizationId: string | null;
  /**
   * Acting through an API key (or an app's grant) rather than in person: then only `delegated`
   * actions are allowed, whatever the role table gives the person.
   */
  delegated?: boolean | undefined;
}

/**
 * What an actor acting through a key may do at most: see and run (SQL then runs read-only, as
 * `write_data` is refused). Nothing is changed, shared, deleted or made through a key, but the
 * conversation that keeps a question asked of the analyst (MCP's ask_analyst, scope
 * `analyst:ask`), so the person finds it in their chat; no REST route lets a key make one.
 */
const delegatedActions: readonly Action[] = ['read', 'run'];
const delegatedCreations: readonly ObjectKind[] = ['conversation'];

function allowedThroughKey(action: Action, subject: Subject): boolean {
  return (
    delegatedActions.includes(action) || (action === 'create' && delegatedCreations.includes(subject.kind))
  );
}

/**
 * How the actor stands to the subject: the one place that says what owning, sharing with an
 * organisation and being public mean.
 */
export function relationOf(actor: Actor, subject: Subject): Relation {
  if (subject.ownerId !== null && subject.ownerId === actor.id) return 'owner';
  if (
    subject.sharedWithOrganization &&
    actor.organizationId !== null &&
    subject.organizationId === actor.organizationId
  ) {
    return 'organization';
  }
  return subject.isPublic ? 'public' : 'none';
}

function allowedByTable(actor: Actor, action: Action, subject: Subject): boolean {
  if (actor.delegated === true && !allowedThroughKey(action, subject)) return false;
  return roleTable[actor.role][subject.kind][relationOf(actor, subject)]?.includes(action) ?? false;
}

/**
 * Whether the actor may do the action on the subject. Anything that follows another object is
 * out of reach while that object is invisible.
 */
export function can(actor: Actor, action: Action, subject: Subject): boolean {
  if (subject.parent && !can(actor, 'read', subject.parent)) return false;
  return allowedByTable(actor, action, subject);
}

/** Every action the actor may do on the subject, for presenters to send to the client. */
export function abilitiesOf<A extends Action>(
  actor: Actor,
  subject: Subject,
  asked: readonly A[],
): Record<A, boolean> {
  return Object.fromEntries(asked.map((action) => [action, can(actor, action, subject)])) as Record<
    A,
    boolean
  >;
}

/** The abilities every presenter sends with an object (`abilities` on the wire): all of them. */
export function objectAbilities(actor: Actor, subject: Subject): Record<ObjectAction, boolean> {
  return abilitiesOf(actor, subject, objectActions);
}
