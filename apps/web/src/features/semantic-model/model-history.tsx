import type { SemanticModelHistory } from '@querent/contracts';
import { formatCreatedDate } from '../databases/database-badges.tsx';

/** Every saved version, newest first: what changed, who, when. */
export function ModelHistory({ history }: { history: SemanticModelHistory }) {
  if (history.changes.length === 0) return null;
  return (
    <section aria-label="History" className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">History</h2>
      <ol className="flex flex-col gap-1 text-sm">
        {history.changes.map((change) => (
          <li key={change.version}>
            <span className="font-medium">Version {change.version}</span>{' '}
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
