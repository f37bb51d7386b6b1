import { Boxes, Lock, SquareTerminal } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Issue, IssueSeverity, IssueStatus } from '../../api/types.ts';
import { linkClass } from '../../components/page.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { IssueEvidence } from './issue-evidence.tsx';
import {
  type IssueChange,
  isUnresolved,
  severities,
  severityLabels,
  statuses,
  statusLabels,
  withChange,
} from './issue-rules.ts';
import { useUpdateIssue } from './use-issues.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

const pillClass = 'rounded-full px-2 py-0.5 text-xs font-medium';

const severityClasses: Record<IssueSeverity, string> = {
  low: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  medium: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  high: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  critical: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
};

const statusClasses: Record<IssueStatus, string> = {
  open: 'border-indigo-300 text-indigo-800 dark:border-indigo-800 dark:text-indigo-300',
  in_progress: 'border-sky-300 text-sky-800 dark:border-sky-800 dark:text-sky-300',
  resolved: 'border-emerald-300 text-emerald-800 dark:border-emerald-800 dark:text-emerald-300',
  dismissed: 'border-zinc-300 text-zinc-600 dark:border-zinc-700 dark:text-zinc-400',
};

const selectClass =
  'cursor-pointer border outline-none focus:ring-2 focus:ring-indigo-500/40 disabled:cursor-wait disabled:opacity-60';

function SeverityBadge({ severity }: { severity: IssueSeverity }) {
  return (
    <span data-severity={severity} className={`${pillClass} ${severityClasses[severity]}`}>
      {severityLabels[severity]}
    </span>
  );
}

function StatusBadge({ status }: { status: IssueStatus }) {
  return (
    <span data-status={status} className={`${pillClass} border ${statusClasses[status]}`}>
      {statusLabels[status]}
    </span>
  );
}

interface IssueRowProps {
  issue: Issue;
  contextId: string;
  /** The linked business entity's name, when it is known. */
  entityName: string | undefined;
}

/**
 * One issue: severity, title, description, what it concerns and where to look, and its status.
 * Severity and status change in place when the user may change the issue (`editable`).
 */
export function IssueRow({ issue, contextId, entityName }: IssueRowProps) {
  const update = useUpdateIssue(contextId);
  const [dismissing, setDismissing] = useState(false);
  // Dismissing asks why first: the reason is kept, and a check's issue mutes the check.
  const change = (value: IssueChange) => {
    if ('status' in value && value.status === 'dismissed') setDismissing(true);
    else update.mutate(withChange(issue, value));
  };
  const titleId = useId();

  return (
    <article
      aria-labelledby={titleId}
      data-status={issue.status}
      className={`flex flex-col gap-2 px-4 py-3 ${isUnresolved(issue) ? '' : 'opacity-75'}`}
    >
      <div className="flex flex-wrap items-start gap-3">
        {issue.editable ? (
          <select
            aria-label={`Severity of ${issue.title}`}
            value={issue.severity}
            disabled={update.isPending}
            onChange={(event) => change({ severity: event.target.value as IssueSeverity })}
            className={`${pillClass} ${selectClass} border-transparent ${severityClasses[issue.severity]}`}
          >
            {severities.map((severity) => (
              <option key={severity} value={severity}>
                {severityLabels[severity]}
              </option>
            ))}
          </select>
        ) : (
          <SeverityBadge severity={issue.severity} />
        )}
        <h2 id={titleId} className="min-w-0 flex-1 font-medium">
          {issue.title}
        </h2>
        {issue.editable ? (
          <select
            aria-label={`Status of ${issue.title}`}
            value={issue.status}
            disabled={update.isPending}
            onChange={(event) => change({ status: event.target.value as IssueStatus })}
            className={`${pillClass} ${selectClass} bg-white dark:bg-zinc-950 ${statusClasses[issue.status]}`}
          >
            {statuses.map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </select>
        ) : (
          <span className="flex items-center gap-2">
            <StatusBadge status={issue.status} />
            <span
              className="inline-flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400"
              title="Shared read-only: only the database’s owner and their organization can change its issues"
            >
              <Lock size={12} aria-hidden="true" />
              Read-only
            </span>
          </span>
        )}
      </div>
      {issue.description ? (
        <p className="whitespace-pre-line text-sm text-zinc-700 dark:text-zinc-300">{issue.description}</p>
      ) : null}
      {issue.status === 'dismissed' && issue.dismissed_reason ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Dismissed: {issue.dismissed_reason}</p>
      ) : null}
      <IssueEvidence issue={issue} />
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
        {entityName ? (
          <span className="inline-flex items-center gap-1">
            <Boxes size={12} aria-hidden="true" />
            <span className="sr-only">Business entity: </span>
            {entityName}
          </span>
        ) : null}
        {issue.query_id ? (
          <Link
            to={`/query/${encodeURIComponent(issue.query_id)}`}
            className={`${linkClass} inline-flex items-center gap-1`}
          >
            <SquareTerminal size={12} aria-hidden="true" />
            Open the query
          </Link>
        ) : null}
        <span>
          Found <time dateTime={issue.createdAt}>{formatDate(issue.createdAt)}</time>
        </span>
        {issue.last_seen_at && issue.origin === 'check' ? (
          <span>
            Seen {issue.occurrences} time{issue.occurrences === 1 ? '' : 's'}, last{' '}
            <time dateTime={issue.last_seen_at}>{formatDate(issue.last_seen_at)}</time>
          </span>
        ) : null}
      </p>
      {dismissing ? (
        <ReasonDialog
          title={`Dismiss “${issue.title}”`}
          label="Why is it not a problem?"
          help={
            issue.check_id
              ? 'The check that found it is muted with this reason until someone changes it.'
              : undefined
          }
          confirmLabel="Dismiss"
          onCancel={() => setDismissing(false)}
          onConfirm={(reason) => {
            setDismissing(false);
            update.mutate({ ...issue, status: 'dismissed', dismissed_reason: reason });
          }}
        />
      ) : null}
    </article>
  );
}
