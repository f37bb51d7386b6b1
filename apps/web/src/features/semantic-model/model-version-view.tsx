import type { SemanticModel, SemanticModelState, SemanticModelVersion } from '@querent/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, History } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { linkClass } from '../../components/page.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { formatCreatedDate } from '../databases/database-badges.tsx';
import { ModelOverview } from './model-overview.tsx';
import { ModelVersionChanges } from './model-version-changes.tsx';
import { RestoreVersion } from './restore-version.tsx';

/** The page without `?version`: the current model. */
export function BackToCurrent() {
  return (
    <Link to={{ search: '' }} className={`${linkClass} inline-flex items-center gap-1 text-sm`}>
      <ArrowLeft size={14} aria-hidden="true" /> Back to the current version
    </Link>
  );
}

/** "Version 3, saved by Ann Lee on Nov 2, 2026". */
function titleOf(found: SemanticModelVersion): string {
  const by = found.changedBy ? ` by ${found.changedBy}` : '';
  return `Version ${found.version}, saved${by} on ${formatCreatedDate(found.changedAt)}`;
}

/** A saved version never changes, so once read it is kept for the page's life. */
function useModelVersion(databaseId: string, version: number, enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: queryKeys.semanticModelVersion(databaseId, version),
    queryFn: () => api.semanticModels.version(databaseId, version),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/**
 * One saved version of the model (`?version=N`), read-only: who saved it and when, what it changed
 * against the version before, the model itself as the overview shows it, and for those who may
 * edit a way to restore it.
 */
export function ModelVersionView({
  databaseId,
  version,
  current,
  onRestore,
  onRestored,
}: {
  databaseId: string;
  version: number;
  current: Pick<SemanticModelState, 'version' | 'abilities'>;
  onRestore: (model: SemanticModel) => Promise<SemanticModelState>;
  onRestored: (state: SemanticModelState) => void;
}) {
  const found = useModelVersion(databaseId, version);
  const previous = useModelVersion(databaseId, version - 1, version > 1);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = found.data !== undefined;
  // Opened from the history below: the heading takes the focus, so reading starts (and the
  // screen scrolls) at the version.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded, version]);

  if (found.isError) {
    return (
      <section aria-label={`Version ${version}`} className="flex flex-col gap-2">
        <p role="alert">{errorMessage(found.error)}</p>
        <BackToCurrent />
      </section>
    );
  }
  if (!found.data) return <p role="status">Loading version {version}…</p>;
  const isCurrent = version === current.version;
  return (
    <section aria-label={`Version ${version}`} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 dark:border-amber-900 dark:bg-amber-950/40">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2
            ref={heading}
            tabIndex={-1}
            className="flex items-center gap-2 text-lg font-semibold outline-none"
          >
            <History size={16} aria-hidden="true" /> {titleOf(found.data)}
          </h2>
          <BackToCurrent />
        </div>
        <p className="text-sm">
          {isCurrent
            ? 'This is the current version.'
            : `An old version, read-only: the current one is version ${current.version}.`}
        </p>
        {current.abilities.edit && !isCurrent ? (
          <RestoreVersion
            databaseId={databaseId}
            version={version}
            currentVersion={current.version}
            model={found.data.model}
            onRestore={onRestore}
            onRestored={onRestored}
          />
        ) : null}
      </div>
      {version === 1 || previous.data ? (
        <ModelVersionChanges
          version={version}
          summary={found.data.summary}
          before={previous.data?.model ?? null}
          after={found.data.model}
        />
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{found.data.summary}</p>
      )}
      <ModelOverview model={found.data.model} anchored={false} />
    </section>
  );
}
