import type { Action } from '../access/access-words.ts';
import { authorizeKind } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import { kindSubject } from '../access/subject.ts';

/**
 * Managing people and organisations other than one's own is the role table's to allow
 * (administrators): asked of the kind, as the page manages everyone at once.
 */
export function authorizePeopleManagement(
  actor: Actor,
  kind: 'user' | 'organization' = 'user',
  action: Extract<Action, 'read' | 'edit' | 'create' | 'delete'> = 'edit',
): void {
  authorizeKind(actor, action, kindSubject(kind), 'Only administrators can manage people and organisations');
}
