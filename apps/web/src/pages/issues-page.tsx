import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Issue } from '../api/types.ts';
import { EmptyState, linkClass, Page } from '../components/page.tsx';
import { IssueFilters } from '../features/issues/issue-filters.tsx';
import { IssueRow } from '../features/issues/issue-row.tsx';
import {
  filterIssues,
  ISSUES_ERROR_DEFAULT,
  isUnresolved,
  type StatusFilter,
} from '../features/issues/issue-rules.ts';
import { useEntityNames, useIssues } from '../features/issues/use-issues.ts';
import { serverMessage } from '../lib/api-error.ts';
import { useContextStore } from '../stores/context-store.ts';

function NoIssues() {
  return (
    <EmptyState>
      <p className="font-medium text-zinc-800 dark:text-zinc-200">No issues found in this context.</p>
      <p className="mt-2">
        Data-quality checks record the problems they find here: start one from{' '}
        <Link to="/control" className={linkClass}>
          Business entities
        </Link>{' '}
        (Start Analysis on an entity).
      </p>
    </EmptyState>
  );
}

/** What to say when issues exist but none passes the filter and the search. */
function NoMatch({
  search,
  filter,
  onShowAll,
}: {
  search: string;
  filter: StatusFilter;
  onShowAll: () => void;
}) {
  const hiddenByStatus = filter === 'unresolved';
  return (
    <EmptyState>
      <p>
        {search.trim()
          ? `No issues match “${search.trim()}”${hiddenByStatus ? ' among the open and in progress ones' : ''}.`
          : 'No open issues: every issue here is resolved or dismissed.'}
      </p>
      {hiddenByStatus ? (
        <button type="button" className={`${linkClass} mt-2`} onClick={onShowAll}>
          Show all issues
        </button>
      ) : null}
    </EmptyState>
  );
}

function IssueList({
  issues,
  contextId,
  names,
}: {
  issues: Issue[];
  contextId: string;
  names: Map<string, string> | undefined;
}) {
  return (
    <ul
      aria-label="Issues"
      className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
    >
      {issues.map((issue) => (
        <li key={issue.id}>
          <IssueRow
            issue={issue}
            contextId={contextId}
            entityName={issue.business_entity_id ? names?.get(issue.business_entity_id) : undefined}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * /issues: the data-quality issues of the selected context, unresolved first as the server orders
 * them, open and in progress ones by default; status and severity change in place.
 */
export function IssuesPage() {
  const contextId = useContextStore((state) => state.contextSelectedId);
  const issues = useIssues(contextId);
  const names = useEntityNames(contextId);
  const [filter, setFilter] = useState<StatusFilter>('unresolved');
  const [search, setSearch] = useState('');

  let body;
  if (contextId === null) {
    body = <EmptyState>Select a database or a project to see its issues.</EmptyState>;
  } else if (issues.isPending) {
    body = (
      <div role="status" className="flex justify-center p-8">
        <LoaderCircle className="animate-spin" aria-label="Loading issues" />
      </div>
    );
  } else if (issues.isError) {
    // On error the list is emptied and only the message remains.
    body = (
      <div
        role="alert"
        className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      >
        <p className="font-semibold">Error loading issues</p>
        <p>{serverMessage(issues.error, ISSUES_ERROR_DEFAULT)}</p>
      </div>
    );
  } else if (issues.data.length === 0) {
    body = <NoIssues />;
  } else {
    const all = issues.data;
    const visible = filterIssues(all, filter, search);
    body = (
      <>
        <IssueFilters
          filter={filter}
          onFilterChange={setFilter}
          counts={{ unresolved: all.filter(isUnresolved).length, all: all.length }}
          search={search}
          onSearchChange={setSearch}
        />
        {visible.length === 0 ? (
          <NoMatch search={search} filter={filter} onShowAll={() => setFilter('all')} />
        ) : (
          <IssueList issues={visible} contextId={contextId} names={names.data} />
        )}
      </>
    );
  }

  return <Page title="Issues">{body}</Page>;
}
