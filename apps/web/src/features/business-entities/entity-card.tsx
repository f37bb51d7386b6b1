import type { BusinessEntity } from '@querent/contracts';
import { buttonClass, linkClass } from '../../components/page.tsx';
import { isScanned, topIssues } from './entity-rules.ts';
import { ScoreBar } from './score-bar.tsx';

interface EntityCardProps {
  entity: BusinessEntity;
  onOpenReview: (conversationId: string) => void;
  onStartAnalysis: (entity: BusinessEntity) => void;
  /** Opens the entity's checks and the arithmetic of its scores. */
  onShowDetails: (entity: BusinessEntity) => void;
}

export function EntityCard({ entity, onOpenReview, onStartAnalysis, onShowDetails }: EntityCardProps) {
  const reviewId = entity.review_conversation_id;
  const issues = topIssues(entity);
  const open = reviewId ? () => onOpenReview(reviewId) : undefined;

  return (
    <article
      aria-label={entity.name}
      onClick={open}
      onKeyDown={(event) => {
        if (open && (event.key === 'Enter' || event.key === ' ')) open();
      }}
      tabIndex={open ? 0 : undefined}
      className={`flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800 ${
        open ? 'cursor-pointer hover:border-indigo-400' : ''
      }`}
    >
      <header>
        <h2 className="font-semibold">{entity.name}</h2>
        <p className="text-xs text-zinc-500">
          {entity.review_date ? new Date(entity.review_date).toLocaleDateString() : 'Not scanned'}
        </p>
      </header>
      {entity.definition ? (
        <p className="text-sm">
          <span className="font-medium">Definition:</span> {entity.definition}
        </p>
      ) : null}
      {entity.table_ref ? (
        <p className="text-sm">
          <span className="font-medium">Table:</span> <code>{entity.table_ref}</code>
        </p>
      ) : null}
      {isScanned(entity) ? (
        <div className="flex flex-col gap-2">
          <ScoreBar label="Completeness" value={entity.completeness} />
          <ScoreBar label="Quality Score" value={entity.quality_score} />
        </div>
      ) : (
        <div className="rounded-md bg-zinc-100 p-3 text-sm dark:bg-zinc-900">
          <p className="font-medium">Not Scanned</p>
          <p className="text-zinc-600 dark:text-zinc-400">This entity hasn&apos;t been analyzed yet</p>
          <button
            type="button"
            className={`${buttonClass} mt-2`}
            onClick={(event) => {
              event.stopPropagation();
              onStartAnalysis(entity);
            }}
          >
            Start Analysis
          </button>
        </div>
      )}
      {issues.titles.length > 0 ? (
        <ul className="list-disc pl-5 text-sm text-zinc-700 dark:text-zinc-300">
          {issues.titles.map((title, index) => (
            <li key={`${index}-${title}`}>{title}</li>
          ))}
          {issues.more > 0 ? <li className="list-none text-zinc-500">+{issues.more} more issues</li> : null}
        </ul>
      ) : null}
      <button
        type="button"
        className={`${linkClass} self-start text-xs`}
        aria-label={`Checks and scores of ${entity.name}`}
        onClick={(event) => {
          event.stopPropagation();
          onShowDetails(entity);
        }}
      >
        Checks and scores
      </button>
    </article>
  );
}
