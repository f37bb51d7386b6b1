import type { SqlToken } from './sql-lexer.ts';

/** Words that end a FROM list at its own depth (ON and USING do not: `JOIN b ON …, c` goes on listing). */
const fromListEnders = new Set([
  'WHERE',
  'GROUP',
  'HAVING',
  'ORDER',
  'LIMIT',
  'OFFSET',
  'FETCH',
  'QUALIFY',
  'WINDOW',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'SELECT',
  'RETURNING',
]);

/** Functions whose arguments say FROM without naming a table: EXTRACT(YEAR FROM day). */
const fromInArguments = new Set(['EXTRACT', 'SUBSTRING', 'TRIM', 'OVERLAY', 'POSITION']);

const upper = (token: SqlToken | undefined) => (token?.kind === 'word' ? token.text.toUpperCase() : '');

/**
 * Where a table belongs in a statement: the index of the first token after FROM or JOIN, and after
 * every comma of the same FROM list (whatever stands there: a name, a subquery's `(`, a string).
 */
export function tablePositions(tokens: readonly SqlToken[]): number[] {
  const positions: number[] = [];
  // The parenthesis depths at which a FROM list is open, and those holding EXTRACT-like arguments.
  const openFromLists = new Set<number>();
  const argumentDepths = new Set<number>();
  let depth = 0;
  tokens.forEach((token, index) => {
    if (token.text === '(') {
      depth += 1;
      if (fromInArguments.has(upper(tokens[index - 1]))) argumentDepths.add(depth);
    } else if (token.text === ')') {
      openFromLists.delete(depth);
      argumentDepths.delete(depth);
      depth -= 1;
    } else if (token.kind === 'word') {
      const word = token.text.toUpperCase();
      if ((word === 'FROM' || word === 'JOIN') && !argumentDepths.has(depth)) {
        openFromLists.add(depth);
        positions.push(index + 1);
      } else if (fromListEnders.has(word)) openFromLists.delete(depth);
    } else if (token.text === ',' && openFromLists.has(depth)) positions.push(index + 1);
  });
  return positions.filter((position) => position < tokens.length);
}
