import type { Relationship, SemanticModel } from '@querent/contracts';
import { SemanticQueryError } from './semantic-query-error.ts';

/*
 * How a measure's rows reach a dimension's dataset: the shortest path over the relationships,
 * breadth first. Only steps where each row meets at most one row on the other side
 * (many-to-one, one-to-one) may be taken, so that joining never repeats a measure's row and
 * nothing is counted twice. A dataset reachable only through a one-to-many step is refused with
 * the step named; two shortest paths of the same length are refused with both listed.
 */

export interface JoinStep {
  relationship: Relationship;
  from: { dataset: string; columns: readonly string[] };
  to: { dataset: string; columns: readonly string[] };
  /** Whether one row of `from` may meet several rows of `to`. */
  fansOut: boolean;
}

export type JoinPath = readonly JoinStep[];

// A few candidates are enough to show why a path is ambiguous.
const candidatesKept = 4;

function stepsOf(model: SemanticModel): JoinStep[] {
  return model.relationships.flatMap((relationship) => [
    {
      relationship,
      from: relationship.from,
      to: relationship.to,
      fansOut: relationship.cardinality === 'one_to_many' || relationship.cardinality === 'many_to_many',
    },
    {
      relationship,
      from: relationship.to,
      to: relationship.from,
      fansOut: relationship.cardinality === 'many_to_one' || relationship.cardinality === 'many_to_many',
    },
  ]);
}

/** Every shortest path (up to a few) from `start` to `goal` over the given steps. */
function shortestPaths(steps: readonly JoinStep[], start: string, goal: string): JoinPath[] {
  let frontier = new Map<string, JoinPath[]>([[start, [[]]]]);
  const seen = new Set([start]);
  while (frontier.size > 0) {
    const reached = frontier.get(goal);
    if (reached !== undefined) return reached;
    const next = new Map<string, JoinPath[]>();
    for (const [dataset, paths] of frontier) {
      for (const step of steps) {
        if (step.from.dataset !== dataset || seen.has(step.to.dataset)) continue;
        const known = next.get(step.to.dataset) ?? [];
        for (const path of paths) {
          if (known.length < candidatesKept) known.push([...path, step]);
        }
        next.set(step.to.dataset, known);
      }
    }
    for (const dataset of next.keys()) seen.add(dataset);
    frontier = next;
  }
  return [];
}

export function describePath(start: string, path: JoinPath): string {
  return [start, ...path.map((step) => `${step.to.dataset} (${step.relationship.name})`)].join(' → ');
}

const cardinalityWords: Record<Relationship['cardinality'], string> = {
  many_to_one: 'many-to-one',
  one_to_one: 'one-to-one',
  one_to_many: 'one-to-many',
  many_to_many: 'many-to-many',
};

/**
 * The path from `start` to `goal` that joins without fanning out, or an error saying why there
 * is none (`reason` says what needs the join, e.g. 'measure orders.amount').
 */
export function findJoinPath(
  model: SemanticModel,
  start: string,
  goal: string,
  field: string,
  reason: string,
): JoinPath {
  if (start === goal) return [];
  const steps = stepsOf(model);
  const safe = shortestPaths(
    steps.filter((step) => !step.fansOut),
    start,
    goal,
  );
  const [only, ...others] = safe;
  if (only !== undefined && others.length === 0) return only;
  if (only !== undefined) {
    throw new SemanticQueryError(
      'ambiguous_join',
      field,
      `${start} reaches ${goal} by ${safe.length} paths of the same length, so the join is ambiguous: ${safe
        .map((path) => describePath(start, path))
        .join('; ')}. Remove or rename one of the relationships.`,
    );
  }
  const [anyPath] = shortestPaths(steps, start, goal);
  const fanning = anyPath?.find((step) => step.fansOut);
  if (anyPath === undefined || fanning === undefined) {
    throw new SemanticQueryError(
      'unreachable',
      field,
      `No relationship joins ${start} to ${goal} (needed by ${reason})`,
    );
  }
  const relation = fanning.relationship;
  const direction = relation.from.dataset === fanning.from.dataset ? relation.cardinality : 'reversed';
  const cardinality =
    direction === 'reversed'
      ? `the reverse of ${cardinalityWords[relation.cardinality]}`
      : cardinalityWords[direction];
  throw new SemanticQueryError(
    'fan_out',
    field,
    `${goal} can only be reached from ${start} through ${describePath(start, anyPath)}, and the step ${fanning.from.dataset} → ${fanning.to.dataset} (${relation.name}, ${cardinality}) gives one ${fanning.from.dataset} row several ${fanning.to.dataset} rows: ${reason} would be counted once per ${fanning.to.dataset} row. Group it by dimensions of ${start} or of datasets it points to instead.`,
  );
}
