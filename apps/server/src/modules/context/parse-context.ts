import type { ContextKind } from '@querent/contracts';
import { parseContextId } from '@querent/contracts';
import { AppError } from '../../errors.ts';

/**
 * What a `contextId` names: a database (`database-{id}`) or a project (`project-{id}`). Anything
 * else is the caller's mistake, named by its field.
 */
export function parseContext(contextId: string): { kind: ContextKind; id: string } {
  const parsed = parseContextId(contextId);
  if (!parsed) {
    throw new AppError('BAD_REQUEST', 'Invalid contextId: must be database-{id} or project-{id}', {
      field: 'contextId',
    });
  }
  return parsed;
}
