import type { SemanticProposal } from '@querent/contracts';
import { Sparkles } from 'lucide-react';
import { buttonClass } from '../../components/page.tsx';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { formatCreatedDate } from '../databases/database-badges.tsx';

/** "1 dataset", "5 datasets". */
function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * A pending proposal, waiting for a person to accept (new items are added) or reject it. An
 * import over a model that already has items can also be accepted replacing those of the same
 * names, since an imported file is usually meant as the definition. "Review items…" opens the
 * proposal item by item, to accept only some of it.
 */
export function ProposalBanner({
  proposal,
  canDecide,
  hasModel,
  busy,
  reviewing,
  onReview,
  onAccept,
  onReject,
}: {
  proposal: SemanticProposal;
  canDecide: boolean;
  /** A model is saved, so same-named items may clash with the proposal's. */
  hasModel: boolean;
  busy: boolean;
  /** The item-by-item review is open, below the banner; the button opens and closes it. */
  reviewing: boolean;
  onReview: () => void;
  onAccept: (replace: boolean) => void;
  onReject: () => void;
}) {
  const { datasets, relationships, metrics } = proposal.model;
  const from = proposal.source === 'scan' ? 'Scan auto' : (proposal.proposedBy ?? 'Someone');
  const verb = proposal.source === 'import' ? 'imported' : 'proposed';
  return (
    <section
      role="region"
      aria-label="Proposal"
      className="flex flex-wrap items-center gap-3 rounded-md border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm dark:border-indigo-900 dark:bg-indigo-950/40"
    >
      <Sparkles size={16} aria-hidden="true" />
      <span className="flex-1">
        {from} {verb} {counted(datasets.length, 'dataset')}, {counted(relationships.length, 'relationship')}{' '}
        and {counted(metrics.length, 'metric')} on {formatCreatedDate(proposal.proposedAt)}. Accepting adds
        what the model does not have yet; what it has stays as it is.
      </span>
      {canDecide ? (
        <>
          <button type="button" className={buttonClass} disabled={busy} onClick={() => onAccept(false)}>
            Accept proposal
          </button>
          {proposal.source === 'import' && hasModel ? (
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={busy}
              onClick={() => onAccept(true)}
            >
              Accept, replacing same-named items
            </button>
          ) : null}
          <button
            type="button"
            className={secondaryButtonClass}
            aria-expanded={reviewing}
            disabled={busy}
            onClick={onReview}
          >
            Review items…
          </button>
          <button type="button" className={secondaryButtonClass} disabled={busy} onClick={onReject}>
            Reject
          </button>
        </>
      ) : null}
    </section>
  );
}
