import type { TileEntity } from '@querent/contracts';
import { Link } from 'react-router';

/** Quality as a colour a glance reads: good, to watch, poor (none when not assessed). */
function scoreClass(score: number | null): string {
  if (score === null) return '';
  if (score >= 80) return 'text-emerald-700 dark:text-emerald-400';
  if (score >= 60) return 'text-amber-700 dark:text-amber-400';
  return 'text-red-700 dark:text-red-400';
}

/**
 * Under a tile: the business entities its SQL reads, each with its quality score and its open
 * issues (linked to the issues page), so a viewer knows how far to trust the numbers above.
 */
export function TileQuality({ entities }: { entities: readonly TileEntity[] }) {
  if (entities.length === 0) return null;
  return (
    <ul
      aria-label="Data quality"
      className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-400"
    >
      {entities.map((entity) => (
        <li key={entity.id}>
          {entity.name}:{' '}
          {entity.qualityScore === null ? (
            'quality not assessed'
          ) : (
            <span className={scoreClass(entity.qualityScore)}>quality {entity.qualityScore}%</span>
          )}
          {entity.openIssues > 0 ? (
            <>
              ,{' '}
              <Link
                to="/issues"
                className="underline underline-offset-2 hover:text-zinc-900 dark:hover:text-zinc-100"
              >
                {entity.openIssues} open {entity.openIssues === 1 ? 'issue' : 'issues'}
              </Link>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
