import { columnWords, cut, word } from './clause-patterns.ts';
import type { Filter } from './question.ts';
import { valueFilter } from './question.ts';

/**
 * "without a manager", "with no orders", "who have an email", "never ordered", "not delivered":
 * something a row has, or lacks. The planner reads the words as a column (NULL or not), a table
 * of related rows (some or none) or, failing both, a value the row must not have.
 */
export function extractPresence(text: string, filters: Filter[]): string {
  const thing = `(${word}(?:\\s+${word})?)`;
  let rest = cut(
    text,
    new RegExp(
      `\\b(?:(?:do|does|did)\\s+not\\s+have|without|with\\s+no|(?:has|have|had)\\s+no)\\s+(?:an?\\s+|any\\s+)?${thing}`,
      'gi',
    ),
    ([, said]) => [valueFilter('presence', [], { column: columnWords(said), op: 'missing' })],
    filters,
  );
  rest = cut(
    rest,
    new RegExp(
      `\\b(?:with|has|have|had|having)\\s+(?:an?|any|some)\\s+(?!(?:most|least|highest|lowest)\\b)${thing}`,
      'gi',
    ),
    ([, said]) => [valueFilter('presence', [], { column: columnWords(said), op: 'present' })],
    filters,
  );
  return cut(
    rest,
    new RegExp(`\\b(?:never|not)\\s+(?:been\\s+)?(?:placed\\s+|made\\s+)?(?:an?\\s+|any\\s+)?${thing}`, 'gi'),
    ([, said]) => [valueFilter('presence', [], { column: columnWords(said), op: 'missing' })],
    filters,
  );
}
