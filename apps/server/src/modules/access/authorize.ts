import { AppError } from '../../errors.ts';
import type { Action } from './access-words.ts';
import type { Actor } from './can.ts';
import { can } from './can.ts';
import type { Subject } from './subject.ts';

export interface Refusals {
  /** What someone who may not see the object is told: it does not exist. */
  notFound: () => AppError;
  /** What someone who sees it but may not do this is told; a generic sentence when absent. */
  forbidden?: (action: Action) => AppError;
}

/**
 * Asks the policy and turns its "no" into the answer: an object the actor may not see is "not
 * found" (so ids of others' objects reveal nothing), one they see but may not act on "forbidden".
 */
export function authorize(actor: Actor, action: Action, subject: Subject, refusals: Refusals): void {
  if (!can(actor, 'read', subject)) throw refusals.notFound();
  if (action === 'read' || can(actor, action, subject)) return;
  throw refusals.forbidden?.(action) ?? forbidden(action);
}

const verbs: Record<Action, string> = {
  read: 'see',
  run: 'run queries on',
  write_data: 'change the data of',
  edit: 'change',
  delete: 'delete',
  share: 'share',
  publish: 'make public',
  confirm_credentials: 'vouch for the login of',
  create: 'create',
  open_host_files: 'open files on the server with',
  certify: 'certify the metrics of',
};

export function forbidden(action: Action, what = 'this'): AppError {
  return new AppError('FORBIDDEN', `You may not ${verbs[action]} ${what}`);
}

/**
 * For questions whose "no" is always "forbidden", told in the caller's words (and field): those
 * about a kind (`create`, administering everyone's people or credits), and those about an object
 * the actor already sees (making a database public, adding files to an upload).
 */
export function authorizeKind(
  actor: Actor,
  action: Action,
  subject: Subject,
  message: string,
  field?: string,
): void {
  if (can(actor, action, subject)) return;
  throw new AppError('FORBIDDEN', message, field === undefined ? {} : { field });
}
