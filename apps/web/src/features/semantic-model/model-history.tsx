import type { SemanticModelHistory } from '@querent/contracts';
import { Link } from 'react-router';
import { linkClass } from '../../components/page.tsx';
import { formatCreatedDate } from '../databases/database-badges.tsx';

/**
 * Every saved version, newest first: what changed, who, when. Each opens read-only at
 * `?version=N`, an address that can be shared; the one open is marked.
 */
export function ModelHistory({
  history,
  currentVersion,
  viewing,
}: {
  history: SemanticModelHistory;
  currentVersion: number;
  /** The version the page shows, when it shows an old one. */
  viewing: number | null;
}) {
  if (history.changes.length === 0) return null;
  return (
    <section aria-label="History" className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">History</h2>
      <ol className="flex flex-col gap-1 text-sm">
        {history.changes.map((change) => (
          <li key={change.version}>
            <Link
              to={{ search: `?version=${change.version}` }}
              className={linkClass}
              aria-current={viewing === change.version ? 'page' : undefined}
            >
              Version {change.version}
            </Link>
            {change.version === currentVersion ? <span className="font-medium"> (current)</span> : null}{' '}
            <span className="text-zinc-600 dark:text-zinc-400">
              {formatCreatedDate(change.changedAt)}
              {change.changedBy ? `, ${change.changedBy}` : ''}
            </span>
            : {change.summary}
          </li>
        ))}
      </ol>
    </section>
  );
}
