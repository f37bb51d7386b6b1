import { checkKindLabels, dimensionLabels } from '@querent/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CheckRun, QualityCheck } from '../../api/types.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { linkClass } from '../../components/page.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { editorLinkFor } from '../editor/editor-link.ts';
import { severityLabels } from '../issues/issue-rules.ts';
import { CheckEditForm, type CheckJudgement } from './check-edit-form.tsx';

const statusClasses: Record<CheckRun['status'], string> = {
  pass: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  warn: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  fail: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  error: 'bg-zinc-800 text-white dark:bg-zinc-200 dark:text-zinc-900',
  skipped: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
};

const stateLabels: Record<QualityCheck['state'], string> = {
  active: 'Active',
  proposed: 'Proposed',
  muted: 'Muted',
};

const small = `${secondaryButtonClass} px-2 py-0.5 text-xs`;

export interface CheckRowActions {
  /** Null when the user may only look. */
  change:
    | ((body: { state?: 'active' | 'muted'; muted_reason?: string } & Partial<CheckJudgement>) => void)
    | null;
  remove: (() => void) | null;
  pending: boolean;
}

/**
 * One check of an entity: what it checks and how it is judged, its state, its latest run (verdict,
 * what it observed, the SQL to see the failing rows), and what a person may do with it.
 */
export function CheckRow({
  check,
  databaseId,
  actions,
}: {
  check: QualityCheck;
  databaseId: string;
  actions: CheckRowActions;
}) {
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<'mute' | 'delete' | null>(null);
  const run = check.latest_run;
  const { change, remove } = actions;

  return (
    <article aria-label={check.title} data-state={check.state} className="flex flex-col gap-1 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        {run ? (
          <span
            data-status={run.status}
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusClasses[run.status]}`}
          >
            {run.status}
          </span>
        ) : (
          <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs dark:bg-zinc-800">not run</span>
        )}
        <h4 className="font-medium">{check.title}</h4>
        <span className="text-xs text-zinc-500">
          {checkKindLabels[check.definition.kind]} · {dimensionLabels[check.dimension]} ·{' '}
          {severityLabels[check.severity]} · warns above {check.warn_percent}%, fails above{' '}
          {check.fail_percent}% · {check.origin}
        </span>
        <span className="rounded border border-zinc-300 px-1.5 text-xs dark:border-zinc-700">
          {stateLabels[check.state]}
        </span>
      </div>
      {run ? (
        <p className="text-xs text-zinc-700 dark:text-zinc-300">
          {run.observed}
          {run.message ? ` — ${run.message}` : ''}
          {run.sample ? (
            <>
              {' '}
              <Link to={editorLinkFor(run.sample.sql, databaseId)} className={linkClass}>
                Open the SQL
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {check.muted ? (
        <p className="text-xs text-zinc-500">
          Muted {check.muted.by ? `by ${check.muted.by} ` : ''}on{' '}
          {new Date(check.muted.at).toLocaleDateString()}: {check.muted.reason}
        </p>
      ) : null}
      {change && !editing ? (
        <div className="flex flex-wrap gap-2">
          {check.state === 'proposed' ? (
            <button
              type="button"
              className={small}
              disabled={actions.pending}
              onClick={() => change({ state: 'active' })}
            >
              Accept
            </button>
          ) : null}
          {check.state === 'active' ? (
            <button
              type="button"
              className={small}
              disabled={actions.pending}
              onClick={() => setAsking('mute')}
            >
              Mute…
            </button>
          ) : null}
          {check.state === 'muted' ? (
            <button
              type="button"
              className={small}
              disabled={actions.pending}
              onClick={() => change({ state: 'active' })}
            >
              Unmute
            </button>
          ) : null}
          <button type="button" className={small} onClick={() => setEditing(true)}>
            Edit
          </button>
          {remove ? (
            <button type="button" className={small} onClick={() => setAsking('delete')}>
              Delete
            </button>
          ) : null}
        </div>
      ) : null}
      {change && editing ? (
        <CheckEditForm
          check={check}
          pending={actions.pending}
          onCancel={() => setEditing(false)}
          onSave={(judgement) => {
            change(judgement);
            setEditing(false);
          }}
        />
      ) : null}
      {asking === 'mute' && change ? (
        <ReasonDialog
          title={`Mute “${check.title}”`}
          label="Why is this expected?"
          help="A muted check no longer runs nor counts, and its open issue is dismissed, until someone changes or unmutes it."
          confirmLabel="Mute"
          pending={actions.pending}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) => {
            change({ state: 'muted', muted_reason: reason });
            setAsking(null);
          }}
        />
      ) : null}
      {asking === 'delete' && remove ? (
        <ConfirmDialog
          title={`Delete “${check.title}”?`}
          confirmLabel="Delete"
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            remove();
            setAsking(null);
          }}
        >
          Its runs go with it; its issue stays on the issues page.
        </ConfirmDialog>
      ) : null}
    </article>
  );
}
