import type { SemanticModelState } from '@querent/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { queryKeys } from '../api/query-keys.ts';
import { useServices } from '../app/services-context.tsx';
import { linkClass, Page } from '../components/page.tsx';
import { CurrentModelView } from '../features/semantic-model/current-model-view.tsx';
import { ModelHistory } from '../features/semantic-model/model-history.tsx';
import { BackToCurrent, ModelVersionView } from '../features/semantic-model/model-version-view.tsx';
import { useSemanticModelActions } from '../features/semantic-model/use-semantic-model-actions.ts';
import { errorMessage } from '../lib/api-error.ts';
import { notify } from '../stores/notifications-store.ts';

/** `?version=3` → 3; absent → null (the current model); anything else is no version at all. */
function versionIn(param: string | null): number | 'invalid' | null {
  if (param === null) return null;
  return /^[1-9]\d{0,8}$/.test(param) ? Number(param) : 'invalid';
}

function SemanticModelScreen({ databaseId, state }: { databaseId: string; state: SemanticModelState }) {
  const { api } = useServices();
  const actions = useSemanticModelActions(databaseId, state.version);
  const [params, setParams] = useSearchParams();
  const viewing = versionIn(params.get('version'));
  const history = useQuery({
    queryKey: queryKeys.semanticModelHistory(databaseId),
    queryFn: () => api.semanticModels.history(databaseId),
  });
  // An answer's "stands on" link names a metric (#metric-name): shown once the model is drawn.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1)
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'center' });
  }, [hash, state.model]);

  function restored(next: SemanticModelState) {
    setParams({});
    notify({
      group: 'semantic-model',
      type: 'success',
      title: `Version ${viewing} restored`,
      text: `Saved as version ${next.version}.`,
    });
  }

  return (
    <>
      <p className="-mt-4 text-sm text-zinc-600 dark:text-zinc-400">
        What this database's tables mean to the business: datasets, how they join, and the metrics to trust.
        {state.version > 0
          ? ` Version ${state.version}${state.updatedBy ? `, saved by ${state.updatedBy}` : ''}.`
          : ''}
      </p>
      {/* Hidden, not unmounted, while an old version is read: a JSON edit under way is kept. */}
      <div hidden={viewing !== null} className="flex flex-col gap-6">
        <CurrentModelView databaseId={databaseId} state={state} actions={actions} />
      </div>
      {viewing === null ? null : viewing === 'invalid' ? (
        <div className="flex flex-col gap-2">
          <p role="alert">There is no version “{params.get('version')}” of this model.</p>
          <BackToCurrent />
        </div>
      ) : (
        <ModelVersionView
          key={viewing}
          databaseId={databaseId}
          version={viewing}
          current={state}
          onRestore={actions.save}
          onRestored={restored}
        />
      )}
      {history.data ? (
        <ModelHistory
          history={history.data}
          currentVersion={state.version}
          viewing={typeof viewing === 'number' ? viewing : null}
        />
      ) : null}
    </>
  );
}

/**
 * /databases/:id/semantic-model: the database's semantic model to read, edit (as JSON), certify
 * metrics of, take proposals for (whole or item by item; from the schema or imported from dbt or
 * OSI files), and export as OSI YAML; its history below, each version readable at `?version=N`
 * and restorable.
 */
export function DatabaseSemanticModelPage() {
  const { id = '' } = useParams();
  const { api } = useServices();
  const state = useQuery({
    queryKey: queryKeys.semanticModel(id),
    queryFn: () => api.semanticModels.get(id),
  });
  const back = (
    <Link to={`/databases/${id}`} className={linkClass}>
      <ArrowLeft size={14} aria-hidden="true" /> Database
    </Link>
  );
  return (
    <Page title="Semantic model" actions={back}>
      {state.data ? (
        <SemanticModelScreen databaseId={id} state={state.data} />
      ) : state.isError ? (
        <p role="alert">{errorMessage(state.error)}</p>
      ) : (
        <p role="status">Loading…</p>
      )}
    </Page>
  );
}
