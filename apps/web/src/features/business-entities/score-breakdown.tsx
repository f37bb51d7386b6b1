import { dimensionLabels, severityWeights } from '@querent/contracts';
import type { EntityScore } from '../../api/types.ts';
import { NOT_ASSESSED } from './entity-rules.ts';

const points = (value: number | null) => (value === null ? 'not scored' : String(value));
const mark = (value: number | null) =>
  value === null ? 'n/a' : value === 1 ? '✓' : value === 0 ? '✗' : `${Math.round(value * 100)}%`;
const rounded = (value: number | null) => (value === null ? NOT_ASSESSED : String(Math.round(value)));

/**
 * How an entity's scores were computed, from its latest stored runs: each dimension with its
 * checks (weight, verdict, points), the arithmetic, the cap of a failing critical check, the
 * coverage; and each item of its completeness.
 */
export function ScoreBreakdown({ score }: { score: EntityScore | null }) {
  if (!score) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Not assessed yet: run its checks to score it.
      </p>
    );
  }
  const { quality, completeness, coverage } = score;
  return (
    <div className="flex flex-col gap-4 text-sm">
      <section aria-label="Quality score breakdown" className="flex flex-col gap-2">
        <h3 className="font-semibold">
          Quality score: {rounded(quality.score)}{' '}
          <span className="font-normal text-zinc-500">({coverage.text})</span>
        </h3>
        <p className="font-mono text-xs">{quality.arithmetic}</p>
        <table className="w-full text-left text-xs">
          <thead className="text-zinc-500">
            <tr>
              <th className="py-1 pr-2 font-medium">Dimension</th>
              <th className="py-1 pr-2 font-medium">Check</th>
              <th className="py-1 pr-2 font-medium">Weight</th>
              <th className="py-1 pr-2 font-medium">Latest run</th>
              <th className="py-1 font-medium">Points</th>
            </tr>
          </thead>
          <tbody>
            {quality.dimensions.flatMap((dimension) =>
              dimension.checks.map((check, index) => (
                <tr key={check.check_id} className="border-t border-zinc-100 dark:border-zinc-800">
                  <td className="py-1 pr-2">
                    {index === 0
                      ? `${dimensionLabels[dimension.dimension]} ${dimension.score === null ? '—' : Math.round(dimension.score * 10) / 10}`
                      : ''}
                  </td>
                  <td className="py-1 pr-2">{check.title}</td>
                  <td className="py-1 pr-2">
                    {check.severity} ×{severityWeights[check.severity]}
                  </td>
                  <td className="py-1 pr-2">{check.status ?? 'never run'}</td>
                  <td className="py-1">{points(check.points)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
        <p className="text-xs text-zinc-500">
          A pass earns 1, a warning 0.5, a failure 0, weighed by severity within each dimension; the score is
          the mean of the dimensions checked, at most 49 while a critical check fails. Formula {score.version}
          .
        </p>
      </section>
      <section aria-label="Completeness breakdown" className="flex flex-col gap-2">
        <h3 className="font-semibold">Completeness: {rounded(completeness.score)}</h3>
        <ul className="flex flex-col gap-1">
          {completeness.items.map((item) => (
            <li key={item.item} className="flex gap-2">
              <span aria-hidden="true" className="w-10 shrink-0 text-center">
                {mark(item.value)}
              </span>
              <span>
                <span className="font-medium">{item.label}</span>: {item.detail}
              </span>
            </li>
          ))}
        </ul>
        <p className="font-mono text-xs">{completeness.arithmetic}</p>
      </section>
    </div>
  );
}
